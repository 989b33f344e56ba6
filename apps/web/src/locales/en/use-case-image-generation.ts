import type { UseCaseCopy } from '../../app/messages';

// The body of /use-cases/image-generation; its title, description and summary are in use-cases.ts.
const useCase: UseCaseCopy = {
  title: 'Images for slides, posts and mock-ups',
  lead: 'Describe what you need and Tomo posts four variants in the thread, so the team can pick one together.',
  problem: 'Small visual tasks wait in a designer’s queue or end up with the same stock photo as everyone else.',
  steps: [
    'Mention @Tomo with a description: subject, style, colors and format.',
    'Tomo generates four variants and posts them in the thread.',
    'Reply with changes — “warmer colors”, “no text” — to get a new set.',
    'Download the one you like for your slide, post or prototype.',
  ],
  examples: [
    '@Tomo a flat illustration of a robot sorting mail, blue and teal, wide format for a slide',
    '@Tomo four icon ideas for our on-call rotation channel',
  ],
  worksWith: ['Image generation (4 variants)', 'Channel instructions for your brand style', 'PDF creation shortcut for sharing'],
};

export default useCase;
