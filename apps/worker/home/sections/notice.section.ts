import type { HomeNotice } from '../../../../core/home/home-facts';
import type { HomeTextCode } from '../../../shared/messages/slack';
import type { HomeSection } from '../home-section';

const TEXTS: Readonly<Record<HomeNotice, HomeTextCode>> = {
  button_expired: 'HOME.NOTICE_BUTTON_EXPIRED',
  button_failed: 'HOME.NOTICE_BUTTON_FAILED',
  not_allowed: 'HOME.NOTICE_NOT_ALLOWED',
  source_gone: 'HOME.NOTICE_SOURCE_GONE',
  guest_read_only: 'HOME.NOTICE_GUEST_READ_ONLY',
};

/**
 * Why the person's last click did nothing, first in the Home it republished: a Home tab's
 * block action has no response_url and no channel for an ephemeral, so the Home itself says it.
 * A Home published without a notice (the next open, Refresh or progress update) has none.
 */
export const noticeSection: HomeSection = ({ facts, t }) => (facts.notice ? [{ type: 'text', text: t(TEXTS[facts.notice]) }, { type: 'divider' }] : []);
