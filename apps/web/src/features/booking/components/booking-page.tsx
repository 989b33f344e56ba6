import { PageHeader } from '../../../components/ui/page-header';
import { Section } from '../../../components/ui/section';
import { usePublicConfig } from '../../../lib/api/get-public-config';
import { site } from '../../../lib/site';
import { useCopy } from '../../../lib/use-copy';

export function BookingPage() {
  const copy = useCopy('booking');
  const config = usePublicConfig();
  const mail = site.supportEmail ? `mailto:${site.supportEmail}?subject=${encodeURIComponent(copy.form.emailSubject)}` : null;
  return (
    <>
      <PageHeader eyebrow={copy.header.eyebrow} title={copy.header.title} lead={copy.header.lead} />
      <div className="container section booking">
        <section aria-labelledby="booking-form-title" className="booking-form">
          <h2 id="booking-form-title">{copy.form.title}</h2>
          {/* The booking URL comes from the server's public config (GET /api/public-config). */}
          <div className="booking-embed">
            {config?.bookingUrl ? (
              <iframe src={config.bookingUrl} title={copy.form.frameTitle} loading="lazy" />
            ) : (
              <p className="booking-placeholder">{config ? copy.form.unavailable : copy.form.loading}</p>
            )}
          </div>
          {mail ? (
            <>
              <p>{copy.form.byEmail}</p>
              <a className="button button-secondary" href={mail}>
                {copy.form.emailButton}
              </a>
            </>
          ) : null}
        </section>
        <section aria-labelledby="agenda-title" className="booking-agenda">
          <h2 id="agenda-title">{copy.agenda.title}</h2>
          <ol className="agenda">
            {copy.agenda.items.map((item) => (
              <li key={item.title}>
                <span className="agenda-time">{item.time}</span>
                <div>
                  <h3>{item.title}</h3>
                  <p>{item.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <Section title={copy.prepare.title} wash>
        <ul>
          {copy.prepare.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Section>
    </>
  );
}
