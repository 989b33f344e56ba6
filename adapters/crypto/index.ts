export { AesGcmSecretBox, SecretDecryptionError } from './secret-box';
export type { SecretBox } from './secret-box';
export { EncryptionKeyError, keyId, parseKeyring } from './keyring';
export type { Keyring, KeyringKey } from './keyring';
export { KEY_FILE_NAME, loadOrCreateKey } from './key-file';
