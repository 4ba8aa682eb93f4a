import { ApiProperty } from '@nestjs/swagger';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const SUBMISSION_TYPES = ['contact', 'partner'] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

/** Sent as stored to the admin console. */
@Entity({ name: 'contact_submissions' })
export class ContactSubmission {
  @ApiProperty({ format: 'uuid' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @ApiProperty()
  @Column({ type: 'text' })
  name: string;

  @ApiProperty()
  @Column({ type: 'text' })
  email: string;

  @ApiProperty({ type: String, nullable: true })
  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @ApiProperty()
  @Column({ type: 'text' })
  message: string;

  @ApiProperty({ enum: SUBMISSION_TYPES, enumName: 'SubmissionType' })
  @Column({ name: 'submission_type', type: 'text', default: 'contact' })
  submissionType: SubmissionType;

  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
