import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import type { Repository } from 'typeorm';
import { type Page, type PageQueryDto, skipTake } from '../common/paging';
import type { CreateTestimonialDto, UpdateTestimonialDto } from './dto/testimonial.dto';
import { Testimonial } from './testimonial.entity';

@Injectable()
export class TestimonialService {
  constructor(@InjectRepository(Testimonial) private readonly testimonials: Repository<Testimonial>) {}

  featured(): Promise<Testimonial[]> {
    return this.testimonials.find({ where: { featured: true }, order: { createdAt: 'DESC' }, take: 50 });
  }

  async page(query: PageQueryDto): Promise<Page<Testimonial>> {
    const [items, total] = await this.testimonials.findAndCount({ order: { createdAt: 'DESC' }, ...skipTake(query) });
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  create(input: CreateTestimonialDto): Promise<Testimonial> {
    return this.testimonials.save(this.testimonials.create({ rating: '5', featured: false, ...input }));
  }

  async update(id: string, changes: UpdateTestimonialDto): Promise<Testimonial> {
    return this.testimonials.save(this.testimonials.merge(await this.byId(id), changes));
  }

  async remove(id: string): Promise<void> {
    await this.testimonials.remove(await this.byId(id));
  }

  private async byId(id: string): Promise<Testimonial> {
    const testimonial = isUUID(id) ? await this.testimonials.findOneBy({ id }) : null;
    if (!testimonial) throw new NotFoundException('error.notFound');
    return testimonial;
  }
}
