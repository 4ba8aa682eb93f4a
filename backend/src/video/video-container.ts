/**
 * The containers phones record and ffmpeg can read without reaching outside the file, by the MIME
 * type their first bytes show, with the demuxer ffmpeg is told to use for each. Anything else
 * (MPEG-TS, playlists, manifests, images, audio) is refused before a byte is stored.
 */
const DEMUXERS = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/x-m4v': 'mov',
  'video/webm': 'matroska',
  'video/x-matroska': 'matroska',
} as const;

export type VideoMimeType = keyof typeof DEMUXERS;
export type Demuxer = (typeof DEMUXERS)[VideoMimeType];

/** Enough bytes for file-type to recognise every container we accept. */
export const SNIFF_BYTES = 4100;

function isVideoMimeType(mime: string): mime is VideoMimeType {
  return Object.prototype.hasOwnProperty.call(DEMUXERS, mime);
}

/** The container of an upload, told by its bytes (never by its name or declared type), or null. */
export async function sniffContainer(head: Buffer): Promise<VideoMimeType | null> {
  const { fileTypeFromBuffer } = await import('file-type/core');
  const type = await fileTypeFromBuffer(head);
  return type && isVideoMimeType(type.mime) ? type.mime : null;
}

/** The one demuxer ffmpeg may use for a stored original, or null for a type we never accept. */
export function demuxerOf(mimeType: string | null): Demuxer | null {
  return mimeType && isVideoMimeType(mimeType) ? DEMUXERS[mimeType] : null;
}
