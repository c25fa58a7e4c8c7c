import { formatTiming as formatRepeat } from '@medplum/core';
import type { Timing } from '@medplum/fhirtypes';
import { formatCodeableConcept } from './concept';
import { formatDateTime, formatTime, type DisplayOptions } from './date-time';

/**
 * How often something happens ('Daily', '3 times per day on Mon at 08:00') followed by its events;
 * the timing's code ('BID') when it has neither.
 */
export function formatTiming(timing: Timing | undefined, options: DisplayOptions = {}): string {
  if (!timing) return '';
  const repeat = timing.repeat && { ...timing.repeat, timeOfDay: undefined };
  const times = (timing.repeat?.timeOfDay ?? []).map((time) => formatTime(time, options)).join(', ');
  const events = (timing.event ?? []).map((event) => formatDateTime(event, options)).join(', ');
  const text = [formatRepeat({ repeat }), times && `at ${times}`, events].filter(Boolean).join(' ');
  return text || formatCodeableConcept(timing.code);
}
