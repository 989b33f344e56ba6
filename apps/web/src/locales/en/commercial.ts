const commercial = {
  meta: {
    title: 'Specified Commercial Transactions Act notice',
    description:
      'Notice under Japan’s Act on Specified Commercial Transactions for Tomo: seller, contact, prices, payment methods and timing, service delivery, and cancellation.',
  },
  eyebrow: 'Legal',
  document: {
    title: 'Notice under the Act on Specified Commercial Transactions',
    lead: 'Japanese law requires online sellers to publish the following information. It applies to purchases of Tomo subscriptions.',
    updated: 'Last updated: November 2025',
    sections: [
      {
        id: 'seller',
        heading: 'Seller',
        terms: [
          { term: 'Seller', detail: 'Tomo' },
          { term: 'Person responsible', detail: 'Disclosed without delay upon request by e-mail.' },
          { term: 'Address', detail: 'Disclosed without delay upon request by e-mail.' },
          { term: 'Telephone', detail: 'Disclosed without delay upon request by e-mail. Support is provided by e-mail and shared Slack channel.' },
          { term: 'E-mail', detail: 'The support address shown at the bottom of every page.' },
        ],
      },
      {
        id: 'prices',
        heading: 'Prices and payment',
        terms: [
          { term: 'Price', detail: 'As shown on the pricing page for each plan, per seat, monthly or yearly, or per response for pay-as-you-go, in US dollars. Taxes are added where they apply.' },
          { term: 'Additional fees', detail: 'None. Internet connection costs are borne by the customer.' },
          { term: 'Payment methods', detail: 'Credit card, Apple Pay, Google Pay and Alipay.' },
          { term: 'Payment timing', detail: 'Fixed-rate plans are charged at purchase and then at the start of each monthly or yearly renewal. Pay-as-you-go is charged monthly for the responses used in the previous month. Seat changes are prorated on the next billing date.' },
        ],
      },
      {
        id: 'delivery',
        heading: 'Delivery',
        terms: [
          { term: 'Service start', detail: 'Immediately after payment is confirmed. The free trial starts when Tomo is installed.' },
          { term: 'Operating environment', detail: 'A Slack workspace and a current web browser for the settings pages.' },
        ],
      },
      {
        id: 'cancellation',
        heading: 'Cancellation and refunds',
        terms: [
          { term: 'Cancellation', detail: 'Turn off renewal in the Customer Portal at any time; the plan stays active until the end of the paid period. Uninstalling Tomo cancels all subscriptions at once.' },
          { term: 'Refunds', detail: 'Because the service is digital and available immediately, fees already paid, including the remainder of a fixed-rate term, are not refunded, except where required by law.' },
        ],
      },
    ],
  },
};

export default commercial;
