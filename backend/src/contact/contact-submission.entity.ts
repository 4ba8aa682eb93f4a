import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const SUBMISSION_TYPES = ['contact', 'partner'] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

@Entity({ name: 'contact_submissions' })
export class ContactSubmission {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text' })
  message: string;

  @Column({ name: 'submission_type', type: 'text', default: 'contact' })
  submissionType: SubmissionType;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
