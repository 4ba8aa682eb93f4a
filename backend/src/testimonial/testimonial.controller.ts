import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/admin-access.decorators';
import type { Testimonial } from './testimonial.entity';
import { TestimonialService } from './testimonial.service';

@ApiTags('testimonials')
@Controller('testimonials')
export class TestimonialController {
  constructor(private readonly testimonials: TestimonialService) {}

  @Public()
  @Get('featured')
  @ApiOperation({ summary: 'Featured testimonials, newest first' })
  featured(): Promise<Testimonial[]> {
    return this.testimonials.featured();
  }
}
