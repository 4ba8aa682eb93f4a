import { Injectable } from '@nestjs/common';
import { InquiryRepository } from './inquiry.repository';

/** How long an inquiry is kept (the privacy policy's promise). */
export const INQUIRY_RETENTION_MONTHS = 6;

/** Forgets inquiries past their retention; the purge runs it with the rest of its sweep. */
@Injectable()
export class InquiryRetention {
  constructor(private readonly inquiries: InquiryRepository) {}

  /** Deletes the inquiries older than INQUIRY_RETENTION_MONTHS at `now`; returns how many. */
  async forgetExpired(now: Date): Promise<number> {
    const cutoff = new Date(now);
    cutoff.setMonth(cutoff.getMonth() - INQUIRY_RETENTION_MONTHS);
    return this.inquiries.deleteReceivedBefore(cutoff);
  }
}
