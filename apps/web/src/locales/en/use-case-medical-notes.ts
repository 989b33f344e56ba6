import type { UseCaseCopy } from '../../app/messages';

// The body of /use-cases/medical-notes; its title, description and summary are in use-cases.ts.
const useCase: UseCaseCopy = {
  title: 'Structured notes for clinical teams',
  lead: 'Turn rough dictation into a structured note, summarize a shift handover, or draft a plain-language letter — and let a clinician review every word.',
  problem: 'Clinicians spend evenings on documentation that follows the same structure every time.',
  steps: [
    'Set a channel instruction with your note template, for example SOAP sections and your abbreviations.',
    'Paste de-identified dictation or bullet points and ask for a structured note.',
    'Ask for a handover summary or a patient letter in plain language from the same material.',
    'A clinician reviews and edits the draft before it goes into the record; Tomo does not diagnose.',
  ],
  examples: [
    '@Tomo turn these de-identified notes into SOAP format with a problem list',
    '@Tomo rewrite this discharge advice at a reading level for the general public',
  ],
  worksWith: [
    'Prompts are not stored by Tomo; the AI provider keeps request data at most 30 days for abuse monitoring',
    'No business associate agreement is in place by default — one is offered on request before any protected health information is used',
    'PDF search over your own protocols, stored only as vectors and encrypted passages',
  ],
};

export default useCase;
