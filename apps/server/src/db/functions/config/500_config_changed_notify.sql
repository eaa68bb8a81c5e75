-- Configuration read by hot calls (preLogin, anonymous/appConfig, the running activities) is cached
-- in each server instance (decision 040). Every statement that writes one of these tables notifies
-- playhall_config_changed with the table's name; PostgreSQL delivers it to every instance's
-- listener when the transaction commits (and only then), whoever wrote: the app, the operator CLI
-- through a server, a migration or psql. The triggers are made here, beside their function, so a
-- new database gets them after the migrations created the tables.
CREATE OR REPLACE FUNCTION config_changed_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('playhall_config_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER app_config_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app_config
  FOR EACH STATEMENT EXECUTE FUNCTION config_changed_notify();
CREATE OR REPLACE TRIGGER notice_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notice
  FOR EACH STATEMENT EXECUTE FUNCTION config_changed_notify();
CREATE OR REPLACE TRIGGER faq_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faq
  FOR EACH STATEMENT EXECUTE FUNCTION config_changed_notify();
CREATE OR REPLACE TRIGGER customer_service_item_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customer_service_item
  FOR EACH STATEMENT EXECUTE FUNCTION config_changed_notify();
CREATE OR REPLACE TRIGGER activity_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON activity
  FOR EACH STATEMENT EXECUTE FUNCTION config_changed_notify();
