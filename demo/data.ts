/** The demo's in-memory data. Each app instance starts from this seed, so tests never see each other's writes. */

export const ROLES = ['admin', 'user', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
}

export interface Product {
  id: number;
  sku: string;
  name: string;
  price: number;
  currency: string;
  stock: number;
  tags: string[];
}

/** Login accounts. The `init` credentials file holds the admin's (src/workspace/scaffold). */
export interface Account {
  username: string;
  password: string;
  name: string;
  role: Role;
}

export const ACCOUNTS: readonly Account[] = [
  { username: 'demo-admin', password: 'demo-password', name: 'Demo Admin', role: 'admin' },
];

function seedUser(id: number, name: string, email: string, role: Role, createdAt: string): User {
  return { id, name, email, role, createdAt, updatedAt: createdAt };
}

export function seedUsers(): User[] {
  return [
    seedUser(1, 'Ada Lovelace', 'ada@example.test', 'admin', '2024-01-15T09:30:00.000Z'),
    seedUser(2, 'Grace Hopper', 'grace@example.test', 'user', '2024-02-03T14:05:00.000Z'),
    seedUser(3, 'Alan Turing', 'alan@example.test', 'user', '2024-03-21T08:00:00.000Z'),
    seedUser(4, 'Katherine Johnson', 'katherine@example.test', 'viewer', '2024-04-10T17:45:00.000Z'),
    seedUser(5, 'Margaret Hamilton', 'margaret@example.test', 'user', '2024-05-28T11:20:00.000Z'),
  ];
}

export function seedProducts(): Product[] {
  return [
    {
      id: 101,
      sku: 'KB-001',
      name: 'Mechanical Keyboard',
      price: 89.9,
      currency: 'EUR',
      stock: 42,
      tags: ['hardware', 'input'],
    },
    {
      id: 102,
      sku: 'MS-002',
      name: 'Wireless Mouse',
      price: 24.5,
      currency: 'EUR',
      stock: 120,
      tags: ['hardware', 'input'],
    },
    {
      id: 103,
      sku: 'MN-003',
      name: '27" Monitor',
      price: 249,
      currency: 'EUR',
      stock: 0,
      tags: ['hardware', 'display'],
    },
    {
      id: 104,
      sku: 'CB-004',
      name: 'USB-C Cable',
      price: 9.99,
      currency: 'EUR',
      stock: 500,
      tags: ['accessory'],
    },
    {
      id: 105,
      sku: 'LS-005',
      name: 'Laptop Stand',
      price: 39,
      currency: 'EUR',
      stock: 7,
      tags: ['accessory', 'desk'],
    },
    {
      id: 106,
      sku: 'SW-006',
      name: 'API Testing Handbook',
      price: 29.95,
      currency: 'EUR',
      stock: 15,
      tags: ['book'],
    },
  ];
}
