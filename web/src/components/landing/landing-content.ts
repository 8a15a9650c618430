// Static copy of the landing page (spec sections 1 and 2). Claims are the spec's, word for word where it gives them,
// except where the spec's words would promise what the product does not do: the flat price runs from 20 lb to the
// services' 70 lb maximum (the default tiers, services/orders/src/carriers/suggested-prices.ts), and help is not said
// to come through a community chat, which is off unless the operator sets COMMUNITY_CHAT_URL (the footer then links it).

export const howItWorksSteps = [
  { title: 'Create your account', text: 'Sign up in a minute. Got a referral code? Add it to claim your bonus rewards.' },
  { title: 'Top up your balance', text: 'Add funds with Bitcoin. Every label is paid from your prepaid balance.' },
  { title: 'Create your labels', text: 'Fill in one order, or upload a CSV or Amazon file to buy hundreds at once.' },
  { title: 'Print and ship', text: 'Download your PDF labels, stick them on, and hand your parcels to USPS.' },
] as const;

export const reasons = [
  { key: 'always-on', title: '24/7 availability', text: 'Buy labels at any hour. The platform never closes, including weekends and holidays.' },
  { key: 'satisfaction', title: '98% satisfaction guarantee', text: 'Shippers stay because labels arrive fast and print right the first time.' },
  { key: 'money-back', title: '30-day money-back guarantee', text: 'Not happy? Ask for your money back within 30 days.' },
  { key: 'languages', title: 'Multilingual support', text: 'Get help in your language, around the clock.' },
  { key: 'discounts', title: 'Exclusive discounts', text: 'Loyal customers get exclusive discounts on the labels they buy most.' },
  { key: 'bulk', title: 'Built for volume', text: 'Upload a file, fix rows in place, and watch a bulk order progress live.' },
] as const;

export const pricingPoints = [
  { key: 'flat', title: 'Flat pricing by weight', text: 'Any weight from 20 lb up to 70 lb costs the same. Heavy parcels are not penalised.' },
  { key: 'overnight', title: 'Overnight labels available', text: 'When it has to arrive tomorrow, overnight services are one click away.' },
  { key: 'bitcoin', title: 'Bitcoin payments', text: 'Bitcoin is our primary payment processor: top up your balance with a crypto invoice.' },
  { key: 'loyalty', title: 'Discounts for loyal customers', text: 'The more you ship with us, the more exclusive discounts you unlock.' },
] as const;

export const faqItems = [
  {
    question: 'Which labels can I buy?',
    answer: 'Prepaid shipping labels from every carrier listed under Pricing, with their rates compared on each label. Buy them one at a time with the order form, or in bulk from a CSV or Amazon file.',
  },
  {
    question: 'How do I pay for labels?',
    answer: 'Top up your balance with Bitcoin, our primary payment processor. Each label is then paid from your prepaid balance.',
  },
  {
    question: 'Does a heavier parcel cost more?',
    answer: 'Not from 20 lb on: with our flat pricing, any weight from 20 lb up to 70 lb costs the same.',
  },
  {
    question: 'Can I create many labels at once?',
    answer: 'Yes. Upload a CSV or Amazon file, fix any rows in the editable table, and submit. Progress shows live, and you download one PDF with all your labels.',
  },
  {
    question: 'What if I am not satisfied?',
    answer: 'Every account is covered by our 30-day money-back guarantee.',
  },
  {
    question: 'Is support available in my language?',
    answer: 'Yes. We offer multilingual support, around the clock.',
  },
] as const;

export interface Testimonial {
  name: string;
  designation: string;
  feedback: string;
  /** Out of 5. */
  rating: number;
}

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Maria Gonzalez',
    designation: 'Online boutique owner',
    feedback: 'I print a full day of orders in one go from a CSV. What used to take an afternoon takes ten minutes.',
    rating: 4.5,
  },
  {
    name: 'James Carter',
    designation: 'Marketplace seller',
    feedback: 'My heavy parcels cost the same whether they weigh 20 lb or 60 lb. That alone changed what I can afford to sell.',
    rating: 5,
  },
  {
    name: 'Priya Patel',
    designation: 'Warehouse manager',
    feedback: 'Topping up with Bitcoin is quick, and the balance and spending are always clear on the dashboard.',
    rating: 4,
  },
];
