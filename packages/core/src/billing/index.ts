/** Plans, Stripe subscriptions and their events, dunning, the end of a subscription, revenue. */
export * from './billing';
export * from './checkout';
export * from './stripe-events';
export * from './billing-dunning';
export * from './billing-ending';
export * from './revenue';
// Onboarding's checkout reads Stripe's objects and prices as billing does.
export { stripeCheckoutSession, stripeSubscription, subscriptionFacts } from './stripe-objects';
export { priceIdOf } from './stripe-prices';
