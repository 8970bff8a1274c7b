/**
 * Metadata gold for the real papers beside the repository (`../shared/data/papers`, `../shared/data/pdfs`),
 * read off each paper's first page: every author as printed, in order. Titles, first authors, years and DOIs
 * come from `papers/SOURCE.tsv` (and CERMINE's JATS for the two papers in `pdfs/gold`), read by the bench
 * itself; the files themselves stay out of the repository.
 *
 * `heldOut` papers were kept apart while the first-page rules were written: their figures are reported on
 * their own, as the check on papers the rules were not fitted to.
 */
export interface AuthorGold {
  file: string;
  authors: string[];
  heldOut?: boolean;
  /** For papers with no row in SOURCE.tsv (the CERMINE set). */
  title?: string;
  year?: number;
  doi?: string | null;
}

export const AUTHOR_GOLD: AuthorGold[] = [
  {
    file: 'acl_2020_s2orc_corpus.pdf',
    authors: ['Kyle Lo', 'Lucy Lu Wang', 'Mark Neumann', 'Rodney Kinney', 'Daniel S. Weld'],
  },
  {
    file: 'aem_2022_class2_microcins_enterobacterales.pdf',
    authors: [
      'T. Jeffrey Cole',
      'Jennifer K. Parker',
      'Aaron L. Feller',
      'Claus O. Wilke',
      'Bryan W. Davies',
    ],
  },
  {
    file: 'bmcevolbiol_2014_panthera_leo_ancient_dna.pdf',
    authors: [
      'Ross Barnett',
      'Nobuyuki Yamaguchi',
      'Beth Shapiro',
      'Simon YW Ho',
      'Ian Barnes',
      'Richard Sabin',
      'Lars Werdelin',
      'Jacques Cuisin',
      'Greger Larson',
    ],
  },
  {
    file: 'elife_2023_posttranscriptional_splicing.pdf',
    authors: [
      'Allison Coté',
      "Aoife O'Farrell",
      'Ian Dardani',
      'Margaret Dunagin',
      'Chris Coté',
      'Yihan Wan',
      'Sareh Bayatpour',
      'Heather L Drexler',
      'Katherine A Alexander',
      'Fei Chen',
      'Asmamaw T Wassie',
      'Rohan Patel',
      'Kenneth Pham',
      'Edward S Boyden',
      'Shelly Berger',
      'Jennifer Phillips-Cremins',
      'L Stirling Churchman',
      'Arjun Raj',
    ],
  },
  {
    file: 'f1000res_2014_aedes_obp_fluorescent_reporter_garbled.pdf',
    authors: ['Gabriel M. Leal', 'Walter S. Leal'],
  },
  {
    file: 'frontpsychol_2013_catch_trials_motor_memory.pdf',
    authors: ['Anne Focke', 'Christian Stockinger', 'Christina Diepold', 'Marco Taubert', 'Thorsten Stein'],
  },
  {
    file: 'genomebiol_2023_glucokinase_variant_map.pdf',
    authors: [
      'Sarah Gersing',
      'Matteo Cagiada',
      'Marinella Gebbia',
      'Anette P. Gjesing',
      'Atina G. Coté',
      'Gireesh Seesankar',
      'Roujia Li',
      'Daniel Tabet',
      'Jochen Weile',
      'Amelie Stein',
      'Anna L. Gloyn',
      'Torben Hansen',
      'Frederick P. Roth',
      'Kresten Lindorff-Larsen',
      'Rasmus Hartmann-Petersen',
    ],
  },
  {
    file: 'lancet_2018_homeless_morbidity_metaanalysis.pdf',
    authors: [
      'Robert W Aldridge',
      'Alistair Story',
      'Stephen W Hwang',
      'Merete Nordentoft',
      'Serena A Luchenski',
      'Greg Hartwell',
      'Emily J Tweed',
      'Dan Lewer',
      'Srinivasa Vittal Katikireddi',
      'Andrew C Hayward',
    ],
  },
  {
    file: 'lancet_respirmed_2014_stopadvisor_rct.pdf',
    authors: [
      'Jamie Brown',
      'Susan Michie',
      'Adam WA Geraghty',
      'Lucy Yardley',
      'Benjamin Gardner',
      'Lion Shahab',
      'John A Stapleton',
      'Robert West',
    ],
  },
  {
    file: 'metabolites_2014_wheat_fusarium_volatiles.pdf',
    authors: [
      'Barbara Laddomada',
      'Laura Del Coco',
      'Miriana Durante',
      'Dominique S. Presicce',
      'Pietro A. Siciliano',
      'Francesco P. Fanizzi',
      'Antonio F. Logrieco',
    ],
  },
  {
    file: 'nar_2024_crispr_csx23_antiphage.pdf',
    authors: [
      'Sabine Grüschow',
      'Stuart McQuarrie',
      'Katrin Ackermann',
      'Stephen McMahon',
      'Bela E. Bode',
      'Tracey M. Gloster',
      'Malcolm F. White',
    ],
  },
  {
    file: 'plosone_2014_fanged_frog_internal_fertilization.pdf',
    authors: ['Djoko T. Iskandar', 'Ben J. Evans', 'Jimmy A. McGuire'],
  },
  {
    file: 'entropy_2019_exergy_district_heating.pdf',
    authors: ['Primož Poredoš', 'Andrej Kitanovski', 'Alojz Poredoš'],
    heldOut: true,
  },
  {
    file: 'natcommun_2024_a3ar_cryoem_agonists.pdf',
    authors: [
      'Hongmin Cai',
      'Shimeng Guo',
      'Youwei Xu',
      'Jun Sun',
      'Junrui Li',
      'Zhikan Xia',
      'Yi Jiang',
      'Xin Xie',
      'H. Eric Xu',
    ],
    heldOut: true,
  },
  {
    file: 'peerj_2025_human_elephant_conflict_ethiopia.pdf',
    authors: ['Fitsum Temesgen', 'Bikila warkineh'],
    heldOut: true,
  },
  {
    file: 'scirep_2023_district_heating_explainable_ml.pdf',
    authors: [
      'L. Minh Dang',
      'Jihye Shin',
      'Yanfen Li',
      'Lilia Tightiz',
      'Tan N. Nguyen',
      'Hyoung-Kyu Song',
      'Hyeonjoon Moon',
    ],
    heldOut: true,
  },
  {
    file: 'jtmo_2010_4_1_dvt_prophylaxis_trauma.pdf',
    title:
      'Complications related to deep venous thrombosis prophylaxis in trauma: a systematic review of the literature',
    authors: ['Indraneel Datta', 'Chad G Ball', 'Lucas Rudmik', 'S Morad Hameed', 'John B Kortbeek'],
    year: 2010,
    doi: '10.1186/1752-2897-4-1',
  },
  {
    file: 'rrp_2010_157939_heart_failure_programmes.pdf',
    title: 'Patient Experiences of Structured Heart Failure Programmes',
    authors: ['Nuala E. Tully', 'Karen M. Morgan', 'Helen M. Burke', 'Hannah M. McGee'],
    year: 2010,
    doi: '10.1155/2010/157939',
  },
  {
    file: 'peerjcs_2017_118_vespa.pdf',
    title: 'VESPA: Very large-scale Evolutionary and Selective Pressure Analyses',
    authors: ['Andrew E. Webb', 'Thomas A. Walsh', "Mary J. O'Connell"],
    year: 2017,
    doi: '10.7717/peerj-cs.118',
  },
];
