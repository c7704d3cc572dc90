import {
  CatalogueIdParams,
  CatalogueOk,
  ProductTypeList,
  ProductTypeRequest,
  ProductTypeRow,
} from '@portal/domain/catalogue/product-types';
import {
  ProductCardPage,
  ProductCardQuery,
  ProductDetail,
  ProductMatches,
  ProductMatchRequest,
  ProductRequest,
  ProductSaved,
} from '@portal/domain/catalogue/products';
import {
  AssistRecipientList,
  AssistRecipientQuery,
  CatalogueReferences,
  SupplierBannerRequest,
  SupplierDealList,
  SupplierDetail,
  SupplierListQuery,
  SupplierPage,
  SupplierRequest,
  SupplierSaved,
} from '@portal/domain/catalogue/suppliers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type AccessGuards, actorOf } from '../../platform/access.ts';
import {
  addProduct,
  addProductType,
  assistRecipientOptions,
  catalogueReferences,
  createSupplier,
  deleteProduct,
  deleteProductType,
  editProduct,
  editSupplier,
  productCards,
  productDetail,
  productMatches,
  productTypeList,
  renameProductType,
  saveProductMatches,
  setSupplierBanner,
  supplierDeals,
  supplierDetail,
  supplierPage,
} from './catalogue-admin.service.ts';

const tags = ['catalogue'];

/** The catalogue's admin screens (spec 3 §2.12): every admin ('manage catalogue'); deals need the Deals flag. */
export const catalogueRoutes =
  (db: Database, guards: AccessGuards): FastifyPluginAsyncZod =>
  async (app) => {
    const manage = [guards.notWaiting, guards.allowed('manage', 'catalogue')];

    app.get(
      '/api/catalogue/references',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: 'Supplier statuses, contact types, product statuses, product types and suppliers',
          response: { 200: CatalogueReferences },
        },
      },
      (request) => catalogueReferences(db, actorOf(request)),
    );
    app.get(
      '/api/catalogue/assist-recipients',
      {
        preHandler: manage,
        schema: {
          tags,
          summary:
            "Up to 20 admins by name or e-mail (assist e-mail recipients; with kind, holders of that console's flag)",
          querystring: AssistRecipientQuery,
          response: { 200: AssistRecipientList },
        },
      },
      (request) => assistRecipientOptions(db, actorOf(request), request.query.search, request.query.kind),
    );

    // Product types
    app.get(
      '/api/catalogue/product-types',
      { preHandler: manage, schema: { tags, summary: 'Live product types', response: { 200: ProductTypeList } } },
      (request) => productTypeList(db, actorOf(request)),
    );
    app.post(
      '/api/catalogue/product-types',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: 'Add a product type (unique name)',
          body: ProductTypeRequest,
          response: { 200: ProductTypeRow },
        },
      },
      (request) => addProductType(db, actorOf(request), request.body, request),
    );
    app.put(
      '/api/catalogue/product-types/:id',
      {
        preHandler: manage,
        schema: { tags, params: CatalogueIdParams, body: ProductTypeRequest, response: { 200: ProductTypeRow } },
      },
      (request) => renameProductType(db, actorOf(request), request.params.id, request.body, request),
    );
    app.delete(
      '/api/catalogue/product-types/:id',
      {
        preHandler: manage,
        schema: { tags, summary: 'Marks it deleted', params: CatalogueIdParams, response: { 200: CatalogueOk } },
      },
      (request) => deleteProductType(db, actorOf(request), request.params.id, request),
    );

    // Suppliers
    app.get(
      '/api/catalogue/suppliers',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: 'One page of suppliers, by name',
          querystring: SupplierListQuery,
          response: { 200: SupplierPage },
        },
      },
      (request) => supplierPage(db, actorOf(request), request.query),
    );
    app.post(
      '/api/catalogue/suppliers',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: 'Create a supplier with its contacts, product types and assist recipients',
          body: SupplierRequest,
          response: { 200: SupplierSaved },
        },
      },
      (request) => createSupplier(db, actorOf(request), request.body, request),
    );
    app.get(
      '/api/catalogue/suppliers/:id',
      { preHandler: manage, schema: { tags, params: CatalogueIdParams, response: { 200: SupplierDetail } } },
      (request) => supplierDetail(db, actorOf(request), request.params.id),
    );
    app.put(
      '/api/catalogue/suppliers/:id',
      {
        preHandler: manage,
        schema: { tags, params: CatalogueIdParams, body: SupplierRequest, response: { 200: SupplierSaved } },
      },
      (request) => editSupplier(db, actorOf(request), request.params.id, request.body, request),
    );
    app.put(
      '/api/catalogue/suppliers/:id/banner',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: "The supplier's banner: an uploaded image (purpose supplier_banner)",
          params: CatalogueIdParams,
          body: SupplierBannerRequest,
          response: { 200: z.object({ bannerUrl: z.string() }) },
        },
      },
      (request) => setSupplierBanner(db, actorOf(request), request.params.id, request.body.fileId, request),
    );
    app.get(
      '/api/catalogue/suppliers/:id/deals',
      {
        preHandler: [guards.notWaiting, guards.allowed('manage', 'deal')],
        schema: {
          tags,
          summary: "The supplier's deals (admins with the Deals flag)",
          params: CatalogueIdParams,
          response: { 200: SupplierDealList },
        },
      },
      (request) => supplierDeals(db, actorOf(request), request.params.id),
    );

    // Products
    app.get(
      '/api/catalogue/suppliers/:id/products',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: "One page of the supplier's products as cards (price with VAT)",
          params: CatalogueIdParams,
          querystring: ProductCardQuery,
          response: { 200: ProductCardPage },
        },
      },
      (request) => productCards(db, actorOf(request), request.params.id, request.query.page, request.query.pageSize),
    );
    app.post(
      '/api/catalogue/suppliers/:id/products',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: 'Add a product (price typed with VAT, kept without it in cents)',
          params: CatalogueIdParams,
          body: ProductRequest,
          response: { 200: ProductSaved },
        },
      },
      (request) => addProduct(db, actorOf(request), request.params.id, request.body, request),
    );
    app.get(
      '/api/catalogue/products/:id',
      { preHandler: manage, schema: { tags, params: CatalogueIdParams, response: { 200: ProductDetail } } },
      (request) => productDetail(db, actorOf(request), request.params.id),
    );
    app.put(
      '/api/catalogue/products/:id',
      {
        preHandler: manage,
        schema: { tags, params: CatalogueIdParams, body: ProductRequest, response: { 200: ProductSaved } },
      },
      (request) => editProduct(db, actorOf(request), request.params.id, request.body, request),
    );
    app.delete(
      '/api/catalogue/products/:id',
      {
        preHandler: manage,
        schema: { tags, summary: 'Marks it deleted', params: CatalogueIdParams, response: { 200: CatalogueOk } },
      },
      (request) => deleteProduct(db, actorOf(request), request.params.id, request),
    );
    app.get(
      '/api/catalogue/suppliers/:id/product-matches',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: 'Imported products (unmatched first) and the products to match them to',
          params: CatalogueIdParams,
          response: { 200: ProductMatches },
        },
      },
      (request) => productMatches(db, actorOf(request), request.params.id),
    );
    app.put(
      '/api/catalogue/suppliers/:id/product-matches',
      {
        preHandler: manage,
        schema: {
          tags,
          summary: 'Match imported products to master products of the supplier',
          params: CatalogueIdParams,
          body: ProductMatchRequest,
          response: { 200: ProductMatches },
        },
      },
      (request) => saveProductMatches(db, actorOf(request), request.params.id, request.body, request),
    );
  };
