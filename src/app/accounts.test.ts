import { describe, expect, it } from 'vitest';
import { DeviceAccounts, type AccountsStorage } from './accounts';

function memoryStorage(): AccountsStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

function device() {
  let next = 0;
  return new DeviceAccounts(memoryStorage(), () => `carequeue-${++next}`);
}

describe('the accounts of a device', () => {
  it('opens the first account in the database it always had', () => {
    expect(device().settle('/')).toBe('carequeue');
  });

  it('keeps a signed-in account while another signs in, and switches between them', () => {
    const accounts = device();
    accounts.signedIn('Alice Smith', 'Main');
    expect(accounts.add()).toBe('carequeue-1');
    expect(accounts.settle('/signin')).toBe('carequeue-1');
    accounts.signedIn('Bob Jones', 'Main');
    expect(accounts.others()).toEqual([{ database: 'carequeue', label: 'Alice Smith', project: 'Main' }]);
    accounts.switchTo('carequeue');
    expect(accounts.settle('/Task')).toBe('carequeue');
    expect(accounts.others().map((account) => account.label)).toEqual(['Bob Jones']);
  });

  it('goes back to a signed-in account when a new sign-in was left unfinished', () => {
    const accounts = device();
    accounts.signedIn('Alice Smith');
    accounts.add();
    expect(accounts.settle('/')).toBe('carequeue');
    expect(accounts.list()).toEqual([{ database: 'carequeue', label: 'Alice Smith' }]);
  });

  it('offers an account no more once it signed out, and reuses its empty database', () => {
    const accounts = device();
    accounts.signedIn('Alice Smith');
    accounts.add();
    accounts.signedIn('Bob Jones');
    accounts.switchTo('carequeue');
    accounts.signedOut();
    accounts.switchTo('carequeue-1');
    expect(accounts.others()).toEqual([]);
    expect(accounts.add()).toBe('carequeue');
  });
});
