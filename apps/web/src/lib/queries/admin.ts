import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AdminOverviewResponse,
  ExamReportsResponse,
  ReviewListingsResponse,
  adminExamQuestionsResponseSchema,
  promoCodesResponseSchema,
} from '@medallion/contracts/admin';
import type { OrderStatus, adminOrdersResponseSchema, adminProductsResponseSchema } from '@medallion/contracts/admin-shop';
import type { ExamQuestion } from '@medallion/contracts/exam';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/*
 * Reads of the staff API (modules/admin): the overview, the review queue, the exam questions and
 * issue reports, promo codes, and the shop's products and orders.
 */

export type PromoCodesResponse = z.infer<typeof promoCodesResponseSchema>;
export type AdminProductsResponse = z.infer<typeof adminProductsResponseSchema>;
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponseSchema>;

/** Query keys of the staff domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  /** Listings waiting for review. */
  reviewListings: () => [...adminKeys.all, 'listings'] as const,
  exam: () => [...adminKeys.all, 'exam'] as const,
  examQuestions: () => [...adminKeys.exam(), 'questions'] as const,
  examReports: () => [...adminKeys.exam(), 'reports'] as const,
  promoCodes: () => [...adminKeys.all, 'promo-codes'] as const,
  shop: () => [...adminKeys.all, 'shop'] as const,
  products: () => [...adminKeys.shop(), 'products'] as const,
  /** Every order list (all statuses and each one). */
  orders: () => [...adminKeys.shop(), 'orders'] as const,
  orderList: (status?: OrderStatus) => [...adminKeys.orders(), status ?? 'all'] as const,
};

/** GET /admin/overview (staff only). */
export function getAdminOverview(signal?: AbortSignal): Promise<AdminOverviewResponse> {
  return apiFetch<AdminOverviewResponse>('/admin/overview', { signal });
}

export function adminOverviewQueryOptions() {
  return queryOptions({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => getAdminOverview(signal) });
}

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}

/** GET /admin/listings (staff): listings waiting for review, oldest first. */
export function getReviewListings(signal?: AbortSignal): Promise<ReviewListingsResponse> {
  return apiFetch<ReviewListingsResponse>('/admin/listings', { signal });
}

export function reviewListingsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.reviewListings(), queryFn: ({ signal }) => getReviewListings(signal) });
}

export function useReviewListings() {
  return useQuery(reviewListingsQueryOptions());
}

/** GET /admin/exam/questions (staff): every exam question with its answers, in exam order. */
export async function getAdminExamQuestions(signal?: AbortSignal): Promise<ExamQuestion[]> {
  const response = await apiFetch<z.infer<typeof adminExamQuestionsResponseSchema>>('/admin/exam/questions', { signal });
  return response.data;
}

export function adminExamQuestionsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.examQuestions(), queryFn: ({ signal }) => getAdminExamQuestions(signal) });
}

export function useAdminExamQuestions() {
  return useQuery(adminExamQuestionsQueryOptions());
}

/** GET /admin/exam/reports (staff): open issue reports grouped by question, the most reported first. */
export function getExamReports(signal?: AbortSignal): Promise<ExamReportsResponse> {
  return apiFetch<ExamReportsResponse>('/admin/exam/reports', { signal });
}

export function examReportsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.examReports(), queryFn: ({ signal }) => getExamReports(signal) });
}

export function useExamReports() {
  return useQuery(examReportsQueryOptions());
}

/** GET /admin/promo-codes (staff). */
export function getPromoCodes(signal?: AbortSignal): Promise<PromoCodesResponse> {
  return apiFetch<PromoCodesResponse>('/admin/promo-codes', { signal });
}

export function promoCodesQueryOptions() {
  return queryOptions({ queryKey: adminKeys.promoCodes(), queryFn: ({ signal }) => getPromoCodes(signal) });
}

export function usePromoCodes() {
  return useQuery(promoCodesQueryOptions());
}

/** GET /admin/products (staff): every product, active or not, newest first. */
export function getAdminProducts(signal?: AbortSignal): Promise<AdminProductsResponse> {
  return apiFetch<AdminProductsResponse>('/admin/products', { signal });
}

export function adminProductsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.products(), queryFn: ({ signal }) => getAdminProducts(signal) });
}

export function useAdminProducts() {
  return useQuery(adminProductsQueryOptions());
}

/** GET /admin/orders (staff): newest first, optionally one status. */
export function getAdminOrders(status: OrderStatus | undefined, signal?: AbortSignal): Promise<AdminOrdersResponse> {
  return apiFetch<AdminOrdersResponse>('/admin/orders', { query: { status }, signal });
}

export function adminOrdersQueryOptions(status?: OrderStatus) {
  return queryOptions({ queryKey: adminKeys.orderList(status), queryFn: ({ signal }) => getAdminOrders(status, signal) });
}

export function useAdminOrders(status?: OrderStatus) {
  return useQuery(adminOrdersQueryOptions(status));
}
