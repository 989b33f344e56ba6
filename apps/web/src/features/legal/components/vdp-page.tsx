import { ProseDocument } from '../../../components/ui/prose-document';
import { useCopy } from '../../../lib/use-copy';

export function VdpPage() {
  const copy = useCopy('vdp');
  return <ProseDocument copy={copy.document} eyebrow={copy.eyebrow} />;
}
