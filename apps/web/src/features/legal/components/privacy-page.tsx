import { ProseDocument } from '../../../components/ui/prose-document';
import { useCopy } from '../../../lib/use-copy';

export function PrivacyPage() {
  const copy = useCopy('privacy');
  return <ProseDocument copy={copy.document} eyebrow={copy.eyebrow} />;
}
