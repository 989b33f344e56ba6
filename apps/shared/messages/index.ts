export { en } from './en';
export { ja } from './ja';
export { UiMessageCodes } from './message-code';
export type { MessageCatalogue, MessageCode, UiMessageCode } from './message-code';
export { catalogues, translate, translateError } from './translate';
