import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PaperGold } from './metadata-score';

/**
 * Papers the metadata rules never saw: articles shipped as the PDF vignettes of R packages in Debian 12 (bookworm)
 * (Journal of Statistical Software, R News, Biometrical Journal preprints and package papers; statistics,
 * econometrics, ecology-flavoured modelling). None of them was opened while the first-page rules were
 * written, and they were added to the bench after the rules were last changed. Gold is read off each PDF's
 * own first page as printed (not from its Info dictionary): the title with its line breaks joined, every
 * author in order. `scripts/unseen-papers.sh` fetches them with apt (no R needed); the bench looks for them
 * in ARIADNE_UNSEEN_PAPERS, else where `apt-get install r-cran-…` puts them.
 *
 * One field and, for most, one journal's layout (JSS): a check that the rules hold beyond the papers they
 * were written on, not a survey of every layout.
 */
interface UnseenGold {
  /** `<package>/doc/<file>.pdf` under the R site library. */
  file: string;
  title: string;
  authors: string[];
  /** The title is printed in capitals: any case of it is right. */
  capitals?: boolean;
}

const UNSEEN: UnseenGold[] = [
  {
    file: 'fitdistrplus/doc/paper2JSS.pdf',
    title: 'fitdistrplus: An R Package for Fitting Distributions',
    authors: ['Marie Laure Delignette-Muller', 'Christophe Dutang'],
  },
  {
    file: 'lme4/doc/lmer.pdf',
    title: 'Fitting Linear Mixed-Effects Models Using lme4',
    authors: ['Douglas Bates', 'Martin Mächler', 'Benjamin M. Bolker', 'Steven C. Walker'],
  },
  {
    file: 'lmtest/doc/lmtest-intro.pdf',
    title: 'Diagnostic Checking in Regression Relationships',
    authors: ['Achim Zeileis', 'Torsten Hothorn'],
  },
  {
    file: 'mvtnorm/doc/MVT_Rnews.pdf',
    title: 'On Multivariate t and Gauss Probabilities in R',
    authors: ['Torsten Hothorn', 'Frank Bretz', 'Alan Genz'],
    capitals: true,
  },
  {
    file: 'sandwich/doc/sandwich.pdf',
    title: 'Econometric Computing with HC and HAC Covariance Matrix Estimators',
    authors: ['Achim Zeileis'],
  },
  {
    file: 'sandwich/doc/sandwich-OOP.pdf',
    title: 'Object-Oriented Computation of Sandwich Estimators',
    authors: ['Achim Zeileis'],
  },
  {
    file: 'sandwich/doc/sandwich-CL.pdf',
    title: 'Various Versatile Variances: An Object-Oriented Implementation of Clustered Covariances in R',
    authors: ['Achim Zeileis', 'Susanne Köll', 'Nathaniel Graham'],
  },
  {
    file: 'strucchange/doc/strucchange-intro.pdf',
    title: 'strucchange: An R Package for Testing for Structural Change in Linear Regression Models',
    authors: ['Achim Zeileis', 'Friedrich Leisch', 'Kurt Hornik', 'Christian Kleiber'],
  },
  {
    file: 'vcd/doc/strucplot.pdf',
    title: 'The Strucplot Framework: Visualizing Multi-way Contingency Tables with vcd',
    authors: ['David Meyer', 'Achim Zeileis', 'Kurt Hornik'],
  },
  {
    file: 'vcd/doc/residual-shadings.pdf',
    title: 'Residual-Based Shadings in vcd',
    authors: ['Achim Zeileis', 'David Meyer', 'Kurt Hornik'],
  },
  {
    file: 'zoo/doc/zoo.pdf',
    title: 'zoo: An S3 Class and Methods for Indexed Totally Ordered Observations',
    authors: ['Achim Zeileis', 'Gabor Grothendieck'],
  },
  {
    file: 'deSolve/doc/deSolve.pdf',
    title: 'Package deSolve: Solving Initial Value Differential Equations in R',
    authors: ['Karline Soetaert', 'Thomas Petzoldt', 'R. Woodrow Setzer'],
  },
  {
    file: 'pscl/doc/countreg.pdf',
    title: 'Regression Models for Count Data in R',
    authors: ['Achim Zeileis', 'Christian Kleiber', 'Simon Jackman'],
  },
  {
    file: 'quantreg/doc/crq.pdf',
    title: 'Censored Quantile Regression Redux',
    authors: ['Roger Koenker'],
  },
  {
    file: 'quantreg/doc/rq.pdf',
    title: 'Quantile Regression in R: A Vignette',
    authors: ['Roger Koenker'],
    capitals: true,
  },
  {
    file: 'party/doc/MOB.pdf',
    title: 'party with the mob: Model-Based Recursive Partitioning in R',
    authors: ['Achim Zeileis', 'Torsten Hothorn', 'Kurt Hornik'],
  },
  {
    file: 'party/doc/party.pdf',
    title: 'party: A Laboratory for Recursive Partytioning',
    authors: ['Torsten Hothorn', 'Kurt Hornik', 'Achim Zeileis'],
  },
  {
    file: 'coin/doc/LegoCondInf.pdf',
    title: 'A Lego System for Conditional Inference',
    authors: ['Torsten Hothorn', 'Kurt Hornik', 'Mark A. van de Wiel', 'Achim Zeileis'],
  },
  {
    file: 'coin/doc/MAXtest.pdf',
    title:
      'Order-restricted Scores Test for the Evaluation of Population-based Case-control Studies when the Genetic Model is Unknown',
    authors: ['Ludwig A. Hothorn', 'Torsten Hothorn'],
  },
  {
    file: 'multcomp/doc/chfls1.pdf',
    title:
      'Supplementary Material for A re-evaluation of the model selection procedure in Pollet & Nettle (2009)',
    authors: ['Esther Herberich', 'Torsten Hothorn', 'Daniel Nettle', 'Thomas Pollet'],
  },
  {
    file: 'multcomp/doc/generalsiminf.pdf',
    title: 'Simultaneous Inference in General Parametric Models',
    authors: ['Torsten Hothorn', 'Frank Bretz', 'Peter Westfall'],
  },
];

/** The Debian packages that ship them (for scripts/unseen-papers.sh and the bench's note when absent). */
export const UNSEEN_PACKAGES = [
  ...new Set(UNSEEN.map((u) => `r-cran-${u.file.split('/')[0]!.toLowerCase()}`)),
];

export const UNSEEN_DIR = process.env.ARIADNE_UNSEEN_PAPERS ?? '/usr/lib/R/site-library';

/** The unseen papers present, as bench gold: titles and authors only (they print no DOI, and dates vary). */
export function loadUnseenGold(): (PaperGold & { unseen: true; capitals: boolean })[] {
  return UNSEEN.filter((u) => existsSync(path.join(UNSEEN_DIR, u.file))).map((u) => ({
    file: u.file,
    path: path.join(UNSEEN_DIR, u.file),
    title: u.title,
    authors: u.authors,
    firstAuthor: u.authors[0]!,
    year: null,
    doi: null,
    unseen: true,
    capitals: u.capitals === true,
  }));
}
