import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPeriod, formatTime } from './date-time';

const ZONES = ['Pacific/Honolulu', 'America/New_York', 'UTC', 'Asia/Tokyo', 'Pacific/Kiritimati'];

describe('dates and times for display', () => {
  it('shows a bare date as the day it names in every zone, never a day earlier or later', () => {
    for (const timeZone of ZONES) {
      expect(formatDate('1980-05-01', { timeZone })).toBe('1980-05-01');
      expect(formatDateTime('1980-05-01', { timeZone })).toBe('1980-05-01');
      expect(formatDate('1980-05-01', { timeZone, locale: 'en-GB' })).toBe('1 May 1980');
    }
    expect(formatDate('1980-05', { locale: 'en-GB', timeZone: 'Pacific/Honolulu' })).toBe('May 1980');
    expect(formatDate('1980', { locale: 'en-GB' })).toBe('1980');
  });

  it('shows a date-time in the user’s zone, to the minute', () => {
    expect(formatDateTime('2024-03-02T09:30:00Z', { timeZone: 'UTC' })).toBe('2024-03-02 09:30');
    expect(formatDateTime('2024-03-02T09:30:00Z', { timeZone: 'America/New_York' })).toBe('2024-03-02 04:30');
    expect(formatDateTime('2024-03-02T01:30:00Z', { timeZone: 'America/New_York' })).toBe('2024-03-01 20:30');
    expect(formatDateTime('2024-03-02T09:30:00+01:00', { timeZone: 'UTC' })).toBe('2024-03-02 08:30');
    expect(formatDateTime('2024-03-02T23:30:00Z', { timeZone: 'Asia/Tokyo' })).toBe('2024-03-03 08:30');
  });

  it('gives the day a date-time falls on in the user’s zone', () => {
    expect(formatDate('2024-03-02T01:30:00Z', { timeZone: 'America/New_York' })).toBe('2024-03-01');
    expect(formatDate('2024-03-02T01:30:00Z', { timeZone: 'UTC' })).toBe('2024-03-02');
  });

  it('writes dates as the given locale does', () => {
    expect(formatDateTime('2024-03-02T09:30:00Z', { locale: 'en-GB', timeZone: 'America/New_York' })).toBe(
      '2 Mar 2024, 04:30'
    );
    expect(formatDate('2024-03-02T09:30:00Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe('2 Mar 2024');
  });

  it('shows unset values as nothing and unreadable ones as they are', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('next week')).toBe('next week');
    expect(formatDate('soon')).toBe('soon');
  });

  it('shows a time of day as written, whatever the zone', () => {
    expect(formatTime('08:05:00', { timeZone: 'Asia/Tokyo' })).toBe('08:05');
    expect(formatTime('08:05:00', { locale: 'en-GB', timeZone: 'Pacific/Honolulu' })).toBe('08:05');
    expect(formatTime(undefined)).toBe('');
  });

  it('shows a period as start – end, or the one end it has', () => {
    const timeZone = 'UTC';
    expect(formatPeriod({ start: '2024-03-01T08:00:00Z', end: '2024-03-01T09:15:00Z' }, { timeZone })).toBe(
      '2024-03-01 08:00 – 2024-03-01 09:15'
    );
    expect(formatPeriod({ start: '2024-03-01' }, { timeZone })).toBe('2024-03-01');
    expect(formatPeriod({}, { timeZone })).toBe('');
    expect(formatPeriod(undefined)).toBe('');
  });
});
