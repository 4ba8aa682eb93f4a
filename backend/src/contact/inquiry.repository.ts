import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { affectedRows } from '../database/postgres-errors';

/** The inquiries in PostgreSQL, for what works on many at once. */
@Injectable()
export class InquiryRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Deletes the inquiries received before `cutoff`; returns how many. */
  async deleteReceivedBefore(cutoff: Date): Promise<number> {
    return affectedRows(await this.db.query('DELETE FROM contact_submissions WHERE created_at < $1', [cutoff]));
  }
}
