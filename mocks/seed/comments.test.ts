import type { Binary, Communication, Media } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { byReference, resourcesOf } from './test-support';

const comments = resourcesOf('Communication').filter((item) => item.basedOn);
const media = resourcesOf('Media');

describe('comments and attachments on tasks', () => {
  it('some tasks carry a conversation of comments, some pinned, each sent by a practitioner', () => {
    const tasks = new Set(comments.map((comment) => comment.basedOn?.[0]?.reference));
    expect(tasks.size).toBeGreaterThanOrEqual(20);
    for (const comment of comments) {
      expect(byReference(comment.basedOn?.[0]?.reference)?.resourceType).toBe('Task');
      expect(comment).toMatchObject({ status: 'completed' } satisfies Partial<Communication>);
      expect(['stat', 'routine']).toContain(comment.priority);
      expect(comment.sender?.reference).toMatch(/^Practitioner\//);
      expect(comment.payload?.[0]?.contentString?.length).toBeGreaterThan(10);
    }
    expect(comments.some((comment) => comment.priority === 'stat')).toBe(true);
  });

  it('a few tasks have a completed Media whose Binary holds the file', () => {
    expect(media.length).toBeGreaterThanOrEqual(3);
    for (const item of media as Media[]) {
      expect(item.status).toBe('completed');
      expect(byReference(item.partOf?.[0]?.reference)?.resourceType).toBe('Task');
      const binary = byReference(item.content.url) as Binary | undefined;
      expect(binary?.contentType).toBe(item.content.contentType);
      expect(atob(binary?.data ?? '').length).toBe(item.content.size);
    }
  });
});
