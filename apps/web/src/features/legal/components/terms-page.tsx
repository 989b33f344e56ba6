import { ProseDocument } from '../../../components/ui/prose-document';
import { useCopy } from '../../../lib/use-copy';

export function TermsPage() {
  const copy = useCopy('terms');
  return <ProseDocument copy={copy.document} eyebrow={copy.eyebrow} />;
}
