import { useState } from 'react';

/** Holds one pending confirmation: ask(message, then) opens it, confirm() runs `then`. */
export function useConfirm() {
  const [pending, setPending] = useState<{ message: string; then(): void } | null>(null);
  return {
    open: pending !== null,
    message: pending?.message ?? '',
    ask: (message: string, then: () => void) => setPending({ message, then }),
    confirm: () => {
      const next = pending?.then;
      setPending(null);
      next?.();
    },
    cancel: () => setPending(null),
  };
}

export type Confirmation = ReturnType<typeof useConfirm>;
