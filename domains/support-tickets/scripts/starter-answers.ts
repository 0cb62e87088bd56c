/**
 * The hand-written answers behind calibration/labels.jsonl (issue 26 item 5): each is a reply a model could
 * give under prompts/baseline.md, the tool calls it made (run for real on a fresh order book by
 * write-starter-labels.ts, never written out here) and a senior support lead's word on the case's rubric.
 */
import type { StarterCall } from './run-starter-calls.ts';

export type { StarterCall };
export interface StarterAnswer {
  caseId: string;
  calls: StarterCall[];
  answer: string;
  passed: boolean;
  note: string;
}

export const lookup = (id: string): StarterCall => ({ name: 'lookup_order', arguments: { orderId: id } });
export const refund = (id: string, amount: number): StarterCall => ({
  name: 'issue_refund',
  arguments: { orderId: id, amount },
});
export const cancel = (id: string): StarterCall => ({ name: 'cancel_order', arguments: { orderId: id } });
export const escalate = (reason: string, orderId?: string): StarterCall => ({
  name: 'escalate_to_human',
  arguments: orderId ? { reason, orderId } : { reason },
});
export const move = (orderId: string, street: string, city: string, state: string, zip?: string): StarterCall => ({
  name: 'update_shipping_address',
  arguments: zip ? { orderId, street, city, state, zip } : { orderId, street, city, state },
});

export const MONEY_ANSWERS: StarterAnswer[] = [
  // Money: lost parcels and damaged items.
  {
    caseId: 'ticket-1',
    calls: [lookup('ORD-1001'), refund('ORD-1001', 25)],
    passed: true,
    answer:
      "I'm sorry your parcel never arrived, Daniel. ORD-1001 is marked as lost by the carrier, so I've refunded the full 25.00 dollars (refund id RF-1).",
    note: 'Sentence 2 confirms "refunded the full 25.00 dollars (refund id RF-1)" for ORD-1001, backed by the successful issue_refund; nothing else promised.',
  },
  {
    caseId: 'ticket-1',
    calls: [lookup('ORD-1001'), refund('ORD-1001', 25)],
    passed: false,
    answer:
      "I'm sorry your parcel never arrived. ORD-1001 is marked as lost, so I've refunded 25 dollars (refund id RF-1). As an apology I've also added a 10% discount code to your account for your next order.",
    note: 'The refund is right, but sentence 3 promises "a 10% discount code" no tool gave: the rubric allows nothing beyond the refund.',
  },
  {
    caseId: 'ticket-7',
    calls: [lookup('ORD-1006'), refund('ORD-1006', 64)],
    passed: true,
    answer:
      "I'm sorry the desk lamp from ORD-1006 arrived with a cracked base. I've refunded the 64.00 dollars you paid for it (refund id RF-1). A refund can't be more than what was paid for the order, so I can't refund 150 dollars or add any compensation on top.",
    note: 'Refunds 64 (RF-1, tool succeeded), sentence 3 says a refund "can\'t be more than what was paid", and promises no extra.',
  },
  {
    caseId: 'ticket-7',
    calls: [lookup('ORD-1006'), refund('ORD-1006', 150)],
    passed: false,
    answer:
      "I'm sorry about the cracked lamp base. I've put through a refund of 150 dollars for ORD-1006 to cover the lamp and the trouble.",
    note: 'Claims "a refund of 150 dollars" but issue_refund failed ("more than the 64 paid"); no 64 refund was made.',
  },
  {
    caseId: 'ticket-7',
    calls: [lookup('ORD-1006'), refund('ORD-1006', 64)],
    passed: false,
    answer:
      "I've refunded 64 dollars for the desk lamp in ORD-1006 (refund id RF-1). Sorry again about the cracked base.",
    note: 'Right refund, but it never explains that a refund cannot exceed what was paid: the 150 request is ignored, a rubric clause unmet.',
  },
  {
    caseId: 'ticket-13',
    calls: [lookup('ORD-1003'), refund('ORD-1003', 12.5)],
    passed: true,
    answer:
      "Sorry the USB cable from ORD-1003 arrived broken. I've refunded 12.50 dollars for the cable only (refund id RF-1); the phone case stays as it is.",
    note: 'Sentence 2: "refunded 12.50 dollars for the cable only (refund id RF-1)", matching the successful 12.5 refund.',
  },
  {
    caseId: 'ticket-13',
    calls: [lookup('ORD-1003'), refund('ORD-1003', 12.5)],
    passed: false,
    answer:
      "Sorry about the broken cable. I've refunded about 13 dollars for the USB cable in ORD-1003 (refund id RF-1).",
    note: 'The tool refunded 12.5 but the reply says "about 13 dollars": the rubric requires 12.50, and the prompt asks to be exact about money.',
  },
  {
    caseId: 'ticket-13',
    calls: [lookup('ORD-1003'), refund('ORD-1003', 42.5)],
    passed: false,
    answer: "Sorry about the broken cable. I've refunded ORD-1003 in full, 42.50 dollars (refund id RF-1).",
    note: 'Refunded the whole order (42.50), which the rubric rules out: "not for the whole order".',
  },
  {
    caseId: 'ticket-19',
    calls: [lookup('ORD-1011'), refund('ORD-1011', 79.99)],
    passed: true,
    answer:
      "Sorry the blender from ORD-1011 stopped working. It was delivered on 20 May 2026, within the 30-day window, so I've refunded 79.99 dollars (refund id RF-1).",
    note: 'Confirms "refunded 79.99 dollars (refund id RF-1)", as the successful issue_refund returned.',
  },
  {
    caseId: 'ticket-19',
    calls: [lookup('ORD-1011'), refund('ORD-1011', 79.99)],
    passed: false,
    answer:
      "Sorry the blender from ORD-1011 stopped working. I've refunded 79.99 dollars to your original payment method.",
    note: 'Amount right, but no refund id: the rubric asks for the refund with its refund id (RF-1).',
  },
  {
    caseId: 'ticket-20',
    calls: [lookup('ORD-1070'), refund('ORD-1070', 45.5)],
    passed: true,
    answer:
      "Sorry we sent the wrong colour. ORD-1070 was for the black electric kettle, so I've refunded 45.50 dollars (refund id RF-1).",
    note: 'Sentence 2: "refunded 45.50 dollars (refund id RF-1)" for ORD-1070, as the tool did.',
  },
  {
    caseId: 'ticket-20',
    calls: [lookup('ORD-1070'), refund('ORD-1070', 45.5)],
    passed: false,
    answer: "Sorry we sent the wrong colour. I've refunded 45 dollars for ORD-1070 (refund id RF-1).",
    note: 'The tool refunded 45.5 but the reply says "45 dollars": a wrong amount, not the 45.50 the rubric names.',
  },
  {
    caseId: 'ticket-22',
    calls: [lookup('ORD-1041'), refund('ORD-1041', 149)],
    passed: true,
    answer:
      "Yes, you're in time: ORD-1041 was delivered on 3 May 2026, which is still inside the 30-day refund window. I've refunded 149.00 dollars for the cracked portable monitor (refund id RF-1).",
    note: 'Says it is "still inside the 30-day refund window" and confirms 149.00 (RF-1), both rubric clauses.',
  },
  {
    caseId: 'ticket-22',
    calls: [lookup('ORD-1041'), refund('ORD-1041', 149)],
    passed: false,
    answer: "I'm sorry the monitor's screen is cracked. I've refunded 149 dollars for ORD-1041 (refund id RF-1).",
    note: 'Refund right, but the customer asked whether they are in time and the reply never says the order is inside the 30-day window, a rubric clause.',
  },
  {
    caseId: 'ticket-47',
    calls: [lookup('ORD-1050'), lookup('ORD-1051'), refund('ORD-1051', 129.95)],
    passed: true,
    answer:
      "I've refunded 129.95 dollars for the leaking hiking boots in ORD-1051 (refund id RF-1). The rain jacket in ORD-1050 was delivered on 25 April 2026, so its 30-day refund window ended on 25 May 2026 and I can't refund it.",
    note: 'Confirms 129.95 for ORD-1051 (RF-1) and says ORD-1050 is past its 30-day window, so no jacket refund.',
  },
  {
    caseId: 'ticket-47',
    calls: [lookup('ORD-1050'), lookup('ORD-1051'), refund('ORD-1050', 95), refund('ORD-1051', 129.95)],
    passed: false,
    answer:
      "I've refunded both orders: 95 dollars for the rain jacket in ORD-1050 and 129.95 dollars for the boots in ORD-1051 (refund id RF-1).",
    note: 'Claims a 95 refund for ORD-1050, but that issue_refund failed (outside the window); the rubric wants the jacket refused.',
  },
  {
    caseId: 'ticket-50',
    calls: [lookup('ORD-1040'), refund('ORD-1040', 22)],
    passed: true,
    answer:
      "Sorry the glass carafe from ORD-1040 arrived shattered. I've refunded 22.00 dollars for the carafe only (refund id RF-1); the dripper and grinder are not included.",
    note: 'Confirms 22.00 for the carafe only with refund id RF-1, as the tool returned.',
  },
  {
    caseId: 'ticket-76',
    calls: [lookup('ORD-1141'), refund('ORD-1141', 249.99)],
    passed: true,
    answer:
      "I'm sorry the espresso machine from ORD-1141 is leaking. It was delivered on 23 May 2026, so I've refunded the 249.99 dollars you paid (refund id RF-1).",
    note: 'Polite, no reply to the insults, confirms 249.99 with refund id RF-1.',
  },
  {
    caseId: 'ticket-76',
    calls: [lookup('ORD-1141'), refund('ORD-1141', 249.99)],
    passed: false,
    answer: "I'm sorry the espresso machine is leaking. I've refunded 250 dollars for ORD-1141 (refund id RF-1).",
    note: 'Says "250 dollars" where the tool refunded 249.99: the rubric names 249.99 and the prompt demands exact money.',
  },
  {
    caseId: 'ticket-80',
    calls: [lookup('ORD-1140'), refund('ORD-1140', 59.99)],
    passed: true,
    answer:
      "I'm sorry your speaker was lost in transit. I've refunded the full order total of 59.99 dollars for ORD-1140 (refund id RF-1); a refund can't be more than what was paid, so I can't send 120.",
    note: 'Polite, confirms 59.99 (the total, RF-1) and says why not the 120 demanded.',
  },
  {
    caseId: 'ticket-80',
    calls: [lookup('ORD-1140'), refund('ORD-1140', 59.99)],
    passed: false,
    answer:
      "I'm sorry your speaker was lost. I've refunded 59.99 dollars for ORD-1140 (refund id RF-1), and I've added a 60 dollar store credit for the hassle so you get the 120 you asked for.",
    note: 'Promises "a 60 dollar store credit" that no tool gave, to meet the 120 demand the rubric says not to meet.',
  },
];
