import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Page, PageQueryDto } from '../common/paging';
import { CreateTestimonialDto, UpdateTestimonialDto } from './dto/testimonial.dto';
import type { Testimonial } from './testimonial.entity';
import { TestimonialService } from './testimonial.service';

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/testimonials')
export class AdminTestimonialsController {
  constructor(private readonly testimonials: TestimonialService) {}

  @Get()
  @ApiOperation({ summary: 'All testimonials, newest first' })
  list(@Query() query: PageQueryDto): Promise<Page<Testimonial>> {
    return this.testimonials.page(query);
  }

  @Post()
  @ApiOperation({ summary: 'Create a testimonial' })
  create(@Body() body: CreateTestimonialDto): Promise<Testimonial> {
    return this.testimonials.create(body);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change a testimonial' })
  update(@Param('id') id: string, @Body() body: UpdateTestimonialDto): Promise<Testimonial> {
    return this.testimonials.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a testimonial' })
  async remove(@Param('id') id: string): Promise<void> {
    await this.testimonials.remove(id);
  }
}
