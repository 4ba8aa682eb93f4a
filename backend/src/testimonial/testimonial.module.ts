import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminTestimonialsController } from './admin-testimonials.controller';
import { TestimonialController } from './testimonial.controller';
import { Testimonial } from './testimonial.entity';
import { TestimonialService } from './testimonial.service';

@Module({
  imports: [TypeOrmModule.forFeature([Testimonial])],
  controllers: [TestimonialController, AdminTestimonialsController],
  providers: [TestimonialService],
  exports: [TestimonialService],
})
export class TestimonialModule {}
