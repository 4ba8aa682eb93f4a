import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Testimonial } from './testimonial.entity';

@Injectable()
export class TestimonialService {
  constructor(@InjectRepository(Testimonial) private readonly testimonials: Repository<Testimonial>) {}

  featured(): Promise<Testimonial[]> {
    return this.testimonials.find({ where: { featured: true }, order: { createdAt: 'DESC' }, take: 50 });
  }
}
