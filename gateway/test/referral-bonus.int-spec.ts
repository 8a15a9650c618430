import { startDistributed, startEmbedded } from '@labeldesk/testing';
import { describeReferralBonus } from './support/referral-bonus.suite';

// Each mode starts its own system: the bonus is a setting of the whole system, which the shared suites must not see change.
describeReferralBonus('embedded', (env) => startEmbedded(env));
// Payments asks auth who referred a customer over NATS, with the subject permissions of deploy/nats/nats.conf.
describeReferralBonus('distributed', (env) => startDistributed(env));
