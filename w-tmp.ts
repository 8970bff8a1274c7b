import { wink } from './src-main/core/nlp/wink';
const nlp = wink(); const its = nlp.its;
const words = 'famotidine medicine routine haloperidol cocaine heparin protein control side rate within lisinopril captopril angiotensin bleeding thrombosis embolism trauma hypertension seizures doxorubicin cisplatin delirium the of warfarin morphine dexmedetomidine levetiracetam nephrotoxicity cardiotoxicity patients'.split(' ');
const d = nlp.readDoc(words.join(' '));
console.log(d.tokens().out(its.uniqueId).map((u, i) => `${words[i]}:${u}`).join(' '));
