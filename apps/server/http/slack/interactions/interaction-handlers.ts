import { homeActions } from './home-actions.interaction';
import type { InteractionHandler } from './interaction-handler';
import { saveAsPdf } from './save-as-pdf.interaction';

/** Every interaction Tomo handles; the first handler that matches takes it. */
export const INTERACTION_HANDLERS: readonly InteractionHandler[] = [homeActions, saveAsPdf];
