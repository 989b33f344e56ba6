import { ClientOnly, getRouteApi, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import type { BillingInterval, BillingMode } from '../../../../../../core/billing/plan';
import { PAID_PLANS } from '../../../../../../core/billing/plan-catalog';
import { PageHeader } from '../../../components/ui/page-header';
import { Section } from '../../../components/ui/section';
import { useMe } from '../../../lib/api/get-me';
import { usePublicConfig } from '../../../lib/api/get-public-config';
import { useCopy } from '../../../lib/use-copy';
import { ADMIN_ONLY_NOTE_ID } from './plan-action';
import { PlanCard } from './plan-card';
import { PlanDetailsTable } from './plan-details-table';
import { PricingAlerts } from './pricing-alerts';
import { parseSeats } from '../plan-display';
import { parsePricingSearch } from '../pricing-search';
import { PricingControls } from './pricing-controls';
import { TrialCard } from './trial-card';

const route = getRouteApi('/{-$locale}/pricing');

export function PricingPage() {
  const copy = useCopy('pricing');
  // A route's search also carries its parents' raw parameters, so keep only what pricing knows.
  const search = parsePricingSearch(route.useSearch());
  const config = usePublicConfig();
  const session = useMe();
  const [interval, setBillingInterval] = useState<BillingInterval>('monthly');
  const [mode, setMode] = useState<BillingMode>('fixed_rate');
  const [seatsText, setSeatsText] = useState('1');
  const seats = parseSeats(seatsText);
  const here = useLocation({ select: (location) => location.pathname });
  const signedInAs = session.status === 'signed-in' ? session.me : null;

  return (
    <>
      <PageHeader eyebrow={copy.header.eyebrow} title={copy.header.title} lead={copy.header.lead} />
      <div className="container section pricing">
        {/* The query string is unknown at build time, so alerts appear after hydration. */}
        <ClientOnly>
          <PricingAlerts search={search} />
        </ClientOnly>
        <PricingControls
          interval={interval}
          mode={mode}
          seats={seatsText}
          seatsValid={seats !== null}
          onInterval={setBillingInterval}
          onMode={setMode}
          onSeats={setSeatsText}
        />
        {config?.billingEnabled && signedInAs && !signedInAs.isAdmin ? (
          <p id={ADMIN_ONLY_NOTE_ID} className="pricing-note">
            {copy.card.adminOnly}
          </p>
        ) : null}
        <ul className="plan-grid">
          <TrialCard />
          {PAID_PLANS.map((plan) => (
            <PlanCard
              key={plan.key}
              plan={plan}
              interval={interval}
              mode={mode}
              seats={seats}
              config={config}
              session={session}
              featured={plan.name === 'standard'}
            />
          ))}
        </ul>
      </div>

      <Section id="plan-details" title={copy.details.title} wash>
        <PlanDetailsTable interval={interval} mode={mode} />
      </Section>

      <Section id="billing-modes" title={copy.modes.title}>
        <ul className="card-grid">
          {[copy.modes.fixed, copy.modes.payg].map((item) => (
            <li key={item.title} className="card">
              <h3>{item.title}</h3>
              <p>{item.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="pricing-guide" title={copy.guide.title} wash>
        <ul className="card-grid card-grid-3">
          {copy.guide.items.map((item) => (
            <li key={item.title} className="card">
              <h3>{item.title}</h3>
              <p>{item.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="payment-methods" title={copy.payment.title} lead={copy.payment.lead}>
        <ul className="tag-list">
          {copy.payment.methods.map((method) => (
            <li key={method}>{method}</li>
          ))}
        </ul>
        <ul>
          {copy.payment.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
        {config?.billingEnabled && signedInAs?.isAdmin ? (
          <div className="card wallet-setup">
            <h3>{copy.payment.wallet.title}</h3>
            <p>{copy.payment.wallet.body}</p>
            <form method="post" action="/api/create-setup-session">
              <input type="hidden" name="returnTo" value={here} />
              <button type="submit" className="button button-secondary">
                {copy.payment.wallet.button}
              </button>
            </form>
          </div>
        ) : null}
      </Section>
    </>
  );
}
