import type { SingleOrder } from '@labeldesk/contracts';

type Sender = SingleOrder['sender'];
type Receiver = SingleOrder['receiver'];

/** Fields of a party that are not part of its address on a label (the receiver's e-mail for tracking e-mails). */
const NOT_ADDRESS: ReadonlySet<string> = new Set(['receiver_email']);

/** A party's fields under the other prefix (`receiver_city` → `sender_city`), whatever fields a party has. */
const renamed = (party: object, from: string, to: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(party).filter(([key]) => !NOT_ADDRESS.has(key) && key.startsWith(from)).map(([key, value]) => [to + key.slice(from.length), value]));

/**
 * A return goes from the outbound label's receiver back to its sender (decision 101): the same parcel, the parties
 * swapped field by field. Both parties were checked by the same schema when the order was placed.
 */
export const returnParties = (order: { sender: Sender; receiver: Receiver }): { sender: Sender; receiver: Receiver } => ({
  sender: renamed(order.receiver, 'receiver_', 'sender_') as Sender,
  receiver: renamed(order.sender, 'sender_', 'receiver_') as Receiver,
});
