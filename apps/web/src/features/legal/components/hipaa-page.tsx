import { ProseDocument } from '../../../components/ui/prose-document';
import { useCopy } from '../../../lib/use-copy';

export function HipaaPage() {
  const copy = useCopy('hipaa');
  return <ProseDocument copy={copy.document} eyebrow={copy.eyebrow} />;
}
