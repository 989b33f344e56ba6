import { useLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';

export type PanelName = 'menu' | 'language';

export interface Panels {
  open: PanelName | null;
  toggle(name: PanelName): void;
  close(): void;
  /** Where focus returns when a panel closes: the button that opened it. */
  registerToggle(name: PanelName): (button: HTMLButtonElement | null) => void;
}

/**
 * The frame's two slide-out panels. Only one is open at a time; Escape, a route change or
 * a click on the page content closes it; focus moves into an opened panel and back to its
 * button when it closes from the keyboard.
 */
export function usePanels(): Panels {
  const [open, setOpen] = useState<PanelName | null>(null);
  const toggles = useRef<Partial<Record<PanelName, HTMLButtonElement | null>>>({});
  const pathname = useLocation({ select: (location) => location.pathname });

  const toggle = useCallback((name: PanelName) => setOpen((current) => (current === name ? null : name)), []);
  const close = useCallback(() => setOpen(null), []);
  const registerToggle = useCallback(
    (name: PanelName) => (button: HTMLButtonElement | null) => {
      toggles.current[name] = button;
    },
    [],
  );

  useEffect(() => setOpen(null), [pathname]);

  useEffect(() => {
    if (!open) return;
    const panel = document.getElementById(open === 'menu' ? 'site-menu' : 'language-menu');
    panel?.querySelector<HTMLElement>('.menu-list a[href], .menu-list button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      // Escape already taken by a dialog over the panel (e.g. "Leave this page?" answered Stay).
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpen(null);
      toggles.current[open]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return { open, toggle, close, registerToggle };
}
