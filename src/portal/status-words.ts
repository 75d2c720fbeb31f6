import type { ApplicationStatus } from '../domain/application-status.ts';

export type Tone = 'info' | 'good' | 'warn' | 'bad';

/** Each application status in the customer's words, with what it means for them next. */
export const STATUS_WORDS: Record<ApplicationStatus, { headline: string; explanation: string; tone: Tone }> = {
  open: { headline: 'We are looking at your application', explanation: 'We are checking what you have told us. This usually takes a moment.', tone: 'info' },
  action_required: { headline: 'We need a few more details', explanation: 'Give us the details below and we can make you an offer.', tone: 'warn' },
  awaiting_underwriter: {
    headline: 'Our team is reviewing your application',
    explanation: 'One of our underwriters will look at your application and get back to you.',
    tone: 'info',
  },
  in_underwriting: { headline: 'Our team is reviewing your application', explanation: 'An underwriter is looking at your application now.', tone: 'info' },
  offered: {
    headline: 'Your offer is ready',
    explanation: 'Choose the offer that suits you, see what you would repay, and draw the funds you need.',
    tone: 'good',
  },
  declined: { headline: 'We cannot offer you a loan at the moment', explanation: 'We are sorry we could not help this time.', tone: 'bad' },
  deferred: { headline: 'Your application is on hold', explanation: 'We have closed your application for now without a decision.', tone: 'warn' },
  expired: {
    headline: 'Your offer has expired',
    explanation: 'The offers we made are no longer available. Ask your broker about applying again.',
    tone: 'warn',
  },
  offer_revoked: { headline: 'Your offer has been withdrawn', explanation: 'The offers we made are no longer available.', tone: 'bad' },
  funded: { headline: 'Your loan is funded', explanation: 'The funds are on their way. You can draw more from your offer until it expires.', tone: 'good' },
};

/** What a decision's data requirement asks of the customer, and the page that fulfils it. */
export function requirementAction(name: string): { text: string; href: string } {
  switch (name) {
    case 'provide_turnover':
      return { text: "Tell us your company's annual turnover", href: '/portal/company' };
    case 'provide_trading_from_date':
      return { text: 'Tell us when your company started trading', href: '/portal/company' };
    case 'upload_bank_statements':
      return { text: 'Upload your business bank statements', href: '/portal/documents' };
    case 'provide_date_of_birth':
      return { text: "Your broker needs to send us the applicant's date of birth", href: '/portal/' };
    default:
      return { text: name.replaceAll('_', ' '), href: '/portal/' };
  }
}

export const OFFER_STATUS_WORDS: Record<string, string> = {
  available: 'Available',
  selected: 'Selected',
  funded: 'Funded',
  expired: 'Expired',
  revoked: 'Withdrawn',
};
