export { DraftStore, draftStoreOf, DRAFT_DELAY_MS, DRAFT_PREFIX } from './draft-store';
export { useDraft, type Draft } from './use-draft';
export { DraftNotice } from './DraftNotice';
export { LeaveGuard, LEAVE_TEXT, LEAVE_TITLE } from './LeaveGuard';
export { announceKeptDraft, KEPT_TEXT } from './kept-notice';
