import { useTranslation } from 'react-i18next';
import type { Messages, Namespace } from '../app/messages';

/**
 * The whole message namespace of the current language as a typed object. Long-form pages
 * (legal texts, feature lists) render structured copy, which is clearer than one key per line.
 */
export function useCopy<N extends Namespace>(namespace: N): Messages[N] {
  const { i18n } = useTranslation(namespace);
  return i18n.getResourceBundle(i18n.language, namespace) as Messages[N];
}
