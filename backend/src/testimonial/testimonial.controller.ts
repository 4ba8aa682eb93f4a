import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/admin-access.decorators';
import { Testimonial } from './testimonial.entity';
import { TestimonialService } from './testimonial.service';

@ApiTags('testimonials')
@Controller('testimonials')
export class TestimonialController {
  constructor(private readonly testimonials: TestimonialService) {}

  @Public()
  @Get('featured')
  @ApiOperation({ summary: 'Featured testimonials, newest first' })
  @ApiOkResponse({ type: [Testimonial] })
  featured(): Promise<Testimonial[]> {
    return this.testimonials.featured();
  }
}
