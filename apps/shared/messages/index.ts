export { en } from './en';
export { ja } from './ja';
export { HttpMessageCodes, PageMessageCodes, UiMessageCodes } from './message-code';
export type { HttpMessageCode, MessageCatalogue, MessageCode, PageMessageCode, UiMessageCode } from './message-code';
export { catalogues, translate, translateError } from './translate';
