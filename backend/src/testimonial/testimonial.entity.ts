import { ApiProperty } from '@nestjs/swagger';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Sent as stored, to the home page and the admin console alike; absent optional fields are null. */
@Entity({ name: 'testimonials' })
export class Testimonial {
  @ApiProperty({ format: 'uuid' })
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @ApiProperty()
  @Column({ type: 'text' })
  name: string;

  @ApiProperty({ type: String, nullable: true })
  @Column({ name: 'name_en', type: 'text', nullable: true })
  nameEn: string | null;

  @ApiProperty()
  @Column({ type: 'text' })
  role: string;

  @ApiProperty({ type: String, nullable: true })
  @Column({ name: 'role_en', type: 'text', nullable: true })
  roleEn: string | null;

  @ApiProperty()
  @Column({ type: 'text' })
  content: string;

  @ApiProperty({ type: String, nullable: true })
  @Column({ name: 'content_en', type: 'text', nullable: true })
  contentEn: string | null;

  @ApiProperty({ type: String, nullable: true })
  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  @ApiProperty({ type: String, nullable: true })
  @Column({ name: 'video_url', type: 'text', nullable: true })
  videoUrl: string | null;

  @ApiProperty({ description: "'1' to '5'" })
  @Column({ type: 'text', default: '5' })
  rating: string;

  @ApiProperty()
  @Column({ type: 'boolean', default: false })
  featured: boolean;

  @ApiProperty({ type: String, format: 'date-time' })
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
