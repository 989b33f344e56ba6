import { ProseDocument } from '../../../components/ui/prose-document';
import { useCopy } from '../../../lib/use-copy';

export function CommercialPage() {
  const copy = useCopy('commercial');
  return <ProseDocument copy={copy.document} eyebrow={copy.eyebrow} />;
}
