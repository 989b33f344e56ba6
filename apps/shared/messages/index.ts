export { en } from './en';
export { ja } from './ja';
export { HttpMessageCodes, ServerMessageCodes, UiMessageCodes } from './message-code';
export type { HttpMessageCode, MessageCatalogue, MessageCode, ServerMessageCode, UiMessageCode } from './message-code';
export { catalogues, translate, translateError } from './translate';
