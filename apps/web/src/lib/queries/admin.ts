import { useQuery } from '@tanstack/react-query';
import type {
  AdminExamQuestionsResponse,
  AdminOverviewResponse,
  ExamQuestionStat,
  ExamQuestionStatsResponse,
  ExamReportsResponse,
  PromoCodesResponse,
  ReviewListingsResponse,
} from '@medallion/contracts/admin';
import type { AdminOrdersResponse, AdminProductsResponse, OrderStatus } from '@medallion/contracts/admin-shop';
import type { ExamQuestion, ExamSettingsResponse } from '@medallion/contracts/exam';
import type { ListingReportsResponse } from '@medallion/contracts/listing-reports';
import { apiFetch } from '@/lib/api-client';
import { defineQuery, getJson } from './define-query';

/*
 * Reads of the staff API (modules/admin): the overview, the review queue, the exam questions and
 * issue reports, promo codes, and the shop's products and orders.
 */

/** Query keys of the staff domain: invalidate `all` for everything, or one sub-tree by its prefix. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  /** Listings waiting for review. */
  reviewListings: () => [...adminKeys.all, 'listings'] as const,
  /** Open reports on listings (the Reports queue). */
  listingReports: () => [...adminKeys.all, 'listing-reports'] as const,
  exam: () => [...adminKeys.all, 'exam'] as const,
  examQuestions: () => [...adminKeys.exam(), 'questions'] as const,
  examReports: () => [...adminKeys.exam(), 'reports'] as const,
  /** Per question: first-try answers, how many right, and reports. */
  examQuestionStats: () => [...adminKeys.exam(), 'question-stats'] as const,
  /** The exam's settings (the timed simulation's length). */
  examSettings: () => [...adminKeys.exam(), 'settings'] as const,
  promoCodes: () => [...adminKeys.all, 'promo-codes'] as const,
  shop: () => [...adminKeys.all, 'shop'] as const,
  products: () => [...adminKeys.shop(), 'products'] as const,
  /** Every order list (all statuses and each one). */
  orders: () => [...adminKeys.shop(), 'orders'] as const,
  orderList: (status?: OrderStatus) => [...adminKeys.orders(), status ?? 'all'] as const,
};

/** GET /admin/overview (staff only). */
export const getAdminOverview = getJson<AdminOverviewResponse>('/admin/overview');
export const adminOverviewQueryOptions = defineQuery(adminKeys.overview, getAdminOverview);
export const useAdminOverview = () => useQuery(adminOverviewQueryOptions());

/** GET /admin/listings (staff): listings waiting for review, oldest first. */
export const getReviewListings = getJson<ReviewListingsResponse>('/admin/listings');
export const reviewListingsQueryOptions = defineQuery(adminKeys.reviewListings, getReviewListings);
export const useReviewListings = () => useQuery(reviewListingsQueryOptions());

/** GET /admin/exam/questions (staff): every exam question with its answers, in exam order. */
export async function getAdminExamQuestions(signal?: AbortSignal): Promise<ExamQuestion[]> {
  return (await apiFetch<AdminExamQuestionsResponse>('/admin/exam/questions', { signal })).data;
}
export const adminExamQuestionsQueryOptions = defineQuery(adminKeys.examQuestions, getAdminExamQuestions);
export const useAdminExamQuestions = () => useQuery(adminExamQuestionsQueryOptions());

/** GET /admin/exam/question-stats (staff): per question, first-try answers, right answers, open and total reports. */
export async function getExamQuestionStats(signal?: AbortSignal): Promise<ExamQuestionStat[]> {
  return (await apiFetch<ExamQuestionStatsResponse>('/admin/exam/question-stats', { signal })).data;
}
export const examQuestionStatsQueryOptions = defineQuery(adminKeys.examQuestionStats, getExamQuestionStats);
export const useExamQuestionStats = () => useQuery(examQuestionStatsQueryOptions());

/** GET /admin/exam/reports (staff): open issue reports grouped by question, the most reported first. */
export const getExamReports = getJson<ExamReportsResponse>('/admin/exam/reports');
export const examReportsQueryOptions = defineQuery(adminKeys.examReports, getExamReports);
export const useExamReports = () => useQuery(examReportsQueryOptions());

/** GET /admin/promo-codes (staff). */
export const getPromoCodes = getJson<PromoCodesResponse>('/admin/promo-codes');
export const promoCodesQueryOptions = defineQuery(adminKeys.promoCodes, getPromoCodes);
export const usePromoCodes = () => useQuery(promoCodesQueryOptions());

/** GET /admin/products (staff): every product, active or not, newest first. */
export const getAdminProducts = getJson<AdminProductsResponse>('/admin/products');
export const adminProductsQueryOptions = defineQuery(adminKeys.products, getAdminProducts);
export const useAdminProducts = () => useQuery(adminProductsQueryOptions());

/** GET /admin/orders (staff): newest first, optionally one status. */
export function getAdminOrders(status: OrderStatus | undefined, signal?: AbortSignal): Promise<AdminOrdersResponse> {
  return apiFetch<AdminOrdersResponse>('/admin/orders', { query: { status }, signal });
}
export const adminOrdersQueryOptions = defineQuery(adminKeys.orderList, (signal, status?: OrderStatus) => getAdminOrders(status, signal));
export const useAdminOrders = (status?: OrderStatus) => useQuery(adminOrdersQueryOptions(status));

/** GET /admin/listing-reports (staff): open reports on listings, grouped by listing, the most reported first. */
export const getListingReports = getJson<ListingReportsResponse>('/admin/listing-reports');
export const listingReportsQueryOptions = defineQuery(adminKeys.listingReports, getListingReports);
export const useListingReports = () => useQuery(listingReportsQueryOptions());

/** GET /admin/exam/settings (staff): the timed simulation's length in minutes. */
export const getExamSettings = getJson<ExamSettingsResponse>('/admin/exam/settings');
export const examSettingsQueryOptions = defineQuery(adminKeys.examSettings, getExamSettings);
export const useExamSettings = () => useQuery(examSettingsQueryOptions());
