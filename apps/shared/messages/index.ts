export { en } from './en';
export { ja } from './ja';
export { HttpMessageCodes, UiMessageCodes } from './message-code';
export type { HttpMessageCode, MessageCatalogue, MessageCode, UiMessageCode } from './message-code';
export { catalogues, translate, translateError } from './translate';
