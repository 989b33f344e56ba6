import type booking from '../locales/en/booking';
import type commercial from '../locales/en/commercial';
import type common from '../locales/en/common';
import type comps from '../locales/en/comps';
import type features from '../locales/en/features';
import type hipaa from '../locales/en/hipaa';
import type home from '../locales/en/home';
import type pricing from '../locales/en/pricing';
import type privacy from '../locales/en/privacy';
import type request from '../locales/en/request';
import type playground from '../locales/en/playground';
import type roadmap from '../locales/en/roadmap';
import type terms from '../locales/en/terms';
import type useCases from '../locales/en/use-cases';
import type vdp from '../locales/en/vdp';
import type { UseCaseSlug } from '../lib/public-routes';

/** The body of one use-case page (namespace `use-case-<slug>`); its list entry is in `use-cases`. */
export interface UseCaseCopy {
  title: string;
  lead: string;
  problem: string;
  steps: readonly string[];
  examples: readonly string[];
  worksWith: readonly string[];
}

/** One namespace per use-case page, so a page loads its own body and not the other seven. */
export type UseCaseNamespace = `use-case-${UseCaseSlug}`;
type UseCaseMessages = { [N in UseCaseNamespace]: UseCaseCopy };

/** Message namespaces; each is one file per locale under src/locales/<locale>/<namespace>.ts. */
export interface Messages extends UseCaseMessages {
  booking: typeof booking;
  commercial: typeof commercial;
  common: typeof common;
  comps: typeof comps;
  features: typeof features;
  hipaa: typeof hipaa;
  home: typeof home;
  playground: typeof playground;
  pricing: typeof pricing;
  privacy: typeof privacy;
  request: typeof request;
  roadmap: typeof roadmap;
  terms: typeof terms;
  'use-cases': typeof useCases;
  vdp: typeof vdp;
}

export type Namespace = keyof Messages;

/** The shape of the English messages with any text: other locales must have every key. */
export type Localized<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? readonly Localized<Item>[]
    : { readonly [K in keyof T]: Localized<T[K]> };
