#!/bin/bash
# Run once by the mysql image on an empty data directory (docker-compose.yml): a schema and a user
# per service with a database, each user allowed its own schema only.
set -euo pipefail
mysql -uroot -p"$MYSQL_ROOT_PASSWORD" <<SQL
CREATE DATABASE IF NOT EXISTS marketplace_customer CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE DATABASE IF NOT EXISTS marketplace_product CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE DATABASE IF NOT EXISTS marketplace_payments CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS 'marketplace_customer'@'%' IDENTIFIED BY '${CUSTOMER_DB_PASSWORD//\'/\'\'}';
CREATE USER IF NOT EXISTS 'marketplace_product'@'%' IDENTIFIED BY '${PRODUCT_DB_PASSWORD//\'/\'\'}';
CREATE USER IF NOT EXISTS 'marketplace_payments'@'%' IDENTIFIED BY '${PAYMENT_DB_PASSWORD//\'/\'\'}';
GRANT ALL PRIVILEGES ON marketplace_customer.* TO 'marketplace_customer'@'%';
GRANT ALL PRIVILEGES ON marketplace_product.* TO 'marketplace_product'@'%';
GRANT ALL PRIVILEGES ON marketplace_payments.* TO 'marketplace_payments'@'%';
SQL
