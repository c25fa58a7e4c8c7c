/**
 * The file upload under way or last tried, as the sync status carries it to the screens: which
 * Media's change it is, how many bytes went, and the words of its failure.
 */
export interface UploadStatus {
  /** The Media the upload completes ('Media/abc'), as the replica holds it while the upload runs. */
  key: string;
  /** The outbox entry that carries the file. */
  seq: number;
  loaded: number;
  total: number;
  /** Set once the Binary is stored on the server. */
  done?: boolean;
  /** 'Request aborted', 'Request error', or the server's words. */
  error?: string;
}
