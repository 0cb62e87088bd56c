/**
 * The shop every case starts from: its customers, their orders and the day the tickets are written.
 * Small enough to know by heart when writing scenarios; names, emails and addresses are made up
 * (emails on example.com). Money is in US dollars; dates are ISO days in UTC.
 */

/** The environment's fixed "today": the prompts state it, the refund window counts from it. */
export const TODAY = '2026-06-01';
/** A delivered order can be refunded for this many days after its delivery date (day 30 included). */
export const REFUND_WINDOW_DAYS = 30;

export interface Address {
  street: string;
  city: string;
  state: string;
  zip: string;
}

export interface Customer {
  customerId: string;
  name: string;
  email: string;
  address: Address;
}

export type OrderStatus = 'processing' | 'in_transit' | 'delivered' | 'lost' | 'cancelled';

/** An order as the shop's back office holds it. */
export interface Order {
  orderId: string;
  status: OrderStatus;
  placedOn: string;
  shippedOn?: string;
  deliveredOn?: string;
  items: { name: string; price: number }[];
  total: number;
  /** Already paid back, before or during this conversation. */
  refunded: number;
  customerId: string;
  /** Where the parcel goes: the customer's address unless changed. */
  shipTo: Address & { name: string };
}

const address = (street: string, city: string, state: string, zip: string): Address => ({ street, city, state, zip });

export const CUSTOMERS: readonly Customer[] = [
  customer('C-101', 'Daniel Okafor', address('14 Linden Street', 'Springfield', 'IL', '62704')),
  customer('C-102', 'Priya Raman', address('208 Cedar Avenue, Apt 3B', 'Raleigh', 'NC', '27601')),
  customer('C-103', 'Tomás Herrera', address('9 Willow Court', 'Tucson', 'AZ', '85701')),
  customer('C-104', 'Maya Lindqvist', address('1180 Elm Street, Apt 2', 'Burlington', 'VT', '05401')),
  customer('C-105', 'Aisha Bello', address('73 Magnolia Drive', 'Savannah', 'GA', '31401')),
  customer('C-106', 'Kenji Watanabe', address('400 Oak Boulevard, Unit 7', 'Sacramento', 'CA', '95814')),
  customer('C-107', 'Sofia Marchetti', address('27 Beacon Hill Road', 'Albany', 'NY', '12207')),
  customer('C-108', 'Marcus Reid', address('2281 Birch Lane', 'Columbus', 'OH', '43215')),
  customer('C-109', 'Hannah Novak', address('615 Spruce Street', 'Omaha', 'NE', '68102')),
  customer('C-110', 'Oliver Grant', address('88 Riverside Drive', 'Austin', 'TX', '78704')),
  customer('C-111', 'Grace Mbeki', address('19 Chestnut Lane', 'Boise', 'ID', '83702')),
  customer('C-112', 'Liam Chen', address('501 Lakeview Terrace', 'Minneapolis', 'MN', '55401')),
  customer('C-113', 'Elena Petrova', address('36 Aspen Way', 'Denver', 'CO', '80202')),
  customer('C-114', 'Noah Fischer', address('1207 Sunset Avenue', 'Phoenix', 'AZ', '85004')),
];

type Dates = { placed: string; shipped?: string; delivered?: string };

/**
 * The orders at the start of every case. ORD-1001..ORD-1006 keep the ids, items, totals, statuses and
 * refunds of the pack's first version (other tests script agents against them).
 */
export const SEED_ORDERS: readonly Order[] = [
  order('ORD-1001', 'C-101', 'lost', { placed: '2026-05-02', shipped: '2026-05-04' }, [['USB-C charger', 25]]),
  order('ORD-1002', 'C-101', 'in_transit', { placed: '2026-05-25', shipped: '2026-05-27' }, [
    ['Trail running shoes', 89.9],
  ]),
  order('ORD-1003', 'C-101', 'delivered', { placed: '2026-05-12', shipped: '2026-05-13', delivered: '2026-05-15' }, [
    ['Phone case', 30],
    ['USB cable', 12.5],
  ]),
  order(
    'ORD-1004',
    'C-102',
    'delivered',
    { placed: '2026-05-04', shipped: '2026-05-05', delivered: '2026-05-07' },
    [['Notebook set', 18]],
    18,
  ),
  order('ORD-1005', 'C-102', 'processing', { placed: '2026-05-11' }, [['Coffee beans, 1 kg', 15]]),
  order('ORD-1006', 'C-102', 'delivered', { placed: '2026-05-09', shipped: '2026-05-11', delivered: '2026-05-13' }, [
    ['Desk lamp', 64],
  ]),
  order('ORD-1010', 'C-103', 'processing', { placed: '2026-05-29' }, [['Camping lantern', 34.99]]),
  order('ORD-1011', 'C-103', 'delivered', { placed: '2026-05-16', shipped: '2026-05-18', delivered: '2026-05-20' }, [
    ['Blender', 79.99],
  ]),
  order('ORD-1012', 'C-103', 'delivered', { placed: '2026-03-15', shipped: '2026-03-17', delivered: '2026-03-20' }, [
    ['Toaster', 42],
  ]),
  order('ORD-1040', 'C-104', 'delivered', { placed: '2026-05-21', shipped: '2026-05-23', delivered: '2026-05-26' }, [
    ['Ceramic pour-over dripper', 28],
    ['Glass carafe', 22],
    ['Coffee grinder', 54.5],
  ]),
  order('ORD-1041', 'C-104', 'delivered', { placed: '2026-04-29', shipped: '2026-04-30', delivered: '2026-05-03' }, [
    ['Portable monitor', 149],
  ]),
  order('ORD-1042', 'C-104', 'in_transit', { placed: '2026-05-24', shipped: '2026-05-28' }, [
    ['Noise-cancelling earbuds', 119],
  ]),
  order('ORD-1043', 'C-104', 'processing', { placed: '2026-05-30' }, [['Standing desk', 212.5]]),
  order('ORD-1050', 'C-105', 'delivered', { placed: '2026-04-20', shipped: '2026-04-22', delivered: '2026-04-25' }, [
    ['Rain jacket', 95],
  ]),
  order('ORD-1051', 'C-105', 'delivered', { placed: '2026-05-24', shipped: '2026-05-26', delivered: '2026-05-29' }, [
    ['Hiking boots', 129.95],
  ]),
  order('ORD-1052', 'C-105', 'processing', { placed: '2026-05-31' }, [
    ['Yoga mat', 32],
    ['Foam roller', 24],
  ]),
  order('ORD-1060', 'C-106', 'delivered', { placed: '2026-05-14', shipped: '2026-05-15', delivered: '2026-05-18' }, [
    ['Wall clock', 38],
  ]),
  order('ORD-1061', 'C-106', 'delivered', { placed: '2026-05-22', shipped: '2026-05-25', delivered: '2026-05-27' }, [
    ['Bookshelf speakers', 149.99],
  ]),
  order('ORD-1062', 'C-106', 'in_transit', { placed: '2026-05-19', shipped: '2026-05-22' }, [['Air purifier', 189]]),
  order('ORD-1063', 'C-106', 'cancelled', { placed: '2026-05-28' }, [['Electric toothbrush', 49.99]]),
  order('ORD-1070', 'C-107', 'delivered', { placed: '2026-05-21', shipped: '2026-05-22', delivered: '2026-05-25' }, [
    ['Electric kettle, black', 45.5],
  ]),
  order('ORD-1071', 'C-107', 'processing', { placed: '2026-05-27' }, [
    ['Cast-iron skillet', 39.95],
    ['Kitchen scale', 21],
  ]),
  order('ORD-1080', 'C-108', 'lost', { placed: '2026-05-10', shipped: '2026-05-12' }, [['Wireless headphones', 129]]),
  order('ORD-1081', 'C-108', 'processing', { placed: '2026-05-30' }, [['Smart thermostat', 119]]),
  order('ORD-1082', 'C-108', 'in_transit', { placed: '2026-05-26', shipped: '2026-05-28' }, [['Doorbell camera', 99]]),
  order('ORD-1091', 'C-109', 'lost', { placed: '2026-05-08', shipped: '2026-05-11' }, [
    ['Wireless mouse', 24.99],
    ['Mechanical keyboard', 59.99],
  ]),
  order('ORD-1092', 'C-109', 'processing', { placed: '2026-05-31' }, [['Phone tripod', 19.99]]),
  order('ORD-1093', 'C-109', 'delivered', { placed: '2026-05-19', shipped: '2026-05-21', delivered: '2026-05-24' }, [
    ['Air fryer', 89],
    ['Silicone liners', 12.99],
  ]),
  order('ORD-1100', 'C-110', 'delivered', { placed: '2026-04-23', shipped: '2026-04-24', delivered: '2026-04-28' }, [
    ['Over-ear headphones', 139],
  ]),
  order('ORD-1101', 'C-110', 'processing', { placed: '2026-05-31' }, [['Electric toothbrush', 54]]),
  order('ORD-1102', 'C-110', 'lost', { placed: '2026-05-06', shipped: '2026-05-08' }, [
    ['Smart bulb starter kit', 64.5],
    ['Motion sensor', 22.49],
  ]),
  order('ORD-1110', 'C-111', 'delivered', { placed: '2026-04-27', shipped: '2026-04-28', delivered: '2026-05-01' }, [
    ['Cordless drill', 119],
  ]),
  order('ORD-1111', 'C-111', 'delivered', { placed: '2026-04-05', shipped: '2026-04-07', delivered: '2026-04-10' }, [
    ['Robot vacuum', 249],
  ]),
  order('ORD-1113', 'C-111', 'delivered', { placed: '2026-04-02', shipped: '2026-04-04', delivered: '2026-04-08' }, [
    ['Picture frame, 11x14 in', 27.5],
  ]),
  order('ORD-1120', 'C-112', 'in_transit', { placed: '2026-05-18', shipped: '2026-05-19' }, [['Gaming chair', 229]]),
  order('ORD-1121', 'C-112', 'processing', { placed: '2026-05-31' }, [['Desk organizer', 26]]),
  order('ORD-1122', 'C-112', 'lost', { placed: '2026-05-14', shipped: '2026-05-16' }, [['Smartwatch', 199]]),
  order('ORD-1130', 'C-113', 'processing', { placed: '2026-05-31' }, [['Throw blanket', 39]]),
  order('ORD-1131', 'C-113', 'processing', { placed: '2026-05-31' }, [['Throw blanket', 39]]),
  order(
    'ORD-1133',
    'C-113',
    'delivered',
    { placed: '2026-05-15', shipped: '2026-05-16', delivered: '2026-05-19' },
    [
      ['Phone stand', 9.99],
      ['Wireless charging pad', 29.99],
    ],
    9.99,
  ),
  order('ORD-1140', 'C-114', 'lost', { placed: '2026-05-15', shipped: '2026-05-18' }, [['Bluetooth speaker', 59.99]]),
  order('ORD-1141', 'C-114', 'delivered', { placed: '2026-05-19', shipped: '2026-05-20', delivered: '2026-05-23' }, [
    ['Espresso machine', 249.99],
  ]),
];

function customer(customerId: string, name: string, home: Address): Customer {
  const email = `${name
    .normalize('NFD')
    .replace(/[^A-Za-z ]/g, '')
    .toLowerCase()
    .replace(' ', '.')}@example.com`;
  return { customerId, name, email, address: home };
}

function order(
  orderId: string,
  customerId: string,
  status: OrderStatus,
  dates: Dates,
  items: [string, number][],
  refunded = 0,
): Order {
  const owner = CUSTOMERS.find((c) => c.customerId === customerId);
  if (!owner) throw new Error(`${orderId}: no customer ${customerId}`);
  const total = Math.round(items.reduce((sum, [, price]) => sum + price * 100, 0)) / 100;
  return {
    orderId,
    status,
    placedOn: dates.placed,
    ...(dates.shipped && { shippedOn: dates.shipped }),
    ...(dates.delivered && { deliveredOn: dates.delivered }),
    items: items.map(([name, price]) => ({ name, price })),
    total,
    refunded,
    customerId,
    shipTo: { name: owner.name, ...owner.address },
  };
}

export const customerById = (id: string): Customer | undefined => CUSTOMERS.find((c) => c.customerId === id);
